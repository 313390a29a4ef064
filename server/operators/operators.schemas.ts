import { z } from "zod";
import { emailSchema } from "../users/users.schemas.ts";
import { OPERATOR_ROLES } from "./operator-roles.ts";

/** The roles an operator can hold (C58, `operator-roles.ts`). */
export { OPERATOR_ROLES };
export const operatorRole = z.enum(OPERATOR_ROLES, `Known roles: ${OPERATOR_ROLES.join(", ")}`);

export const operatorRolesSchema = z.object({
  roles: z
    .array(operatorRole)
    .min(1, "An operator holds at least one role; disable them instead")
    .max(OPERATOR_ROLES.length),
});

export const inviteOperatorSchema = z.object({
  email: emailSchema,
  roles: z.array(operatorRole).min(1, "Choose at least one role").max(OPERATOR_ROLES.length),
});
export type InviteOperator = z.input<typeof inviteOperatorSchema>;

/** A six-digit code of an authenticator app. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .max(20, "Enter the 6 digits")
    .transform((v) => v.replace(/\s/g, ""))
    .pipe(
      z
        .string()
        .max(6)
        .regex(/^\d{6}$/, "Enter the 6 digits"),
    ),
});

/** A recovery code as printed (groups of letters and digits, dashes and spaces ignored). */
export const recoveryCodeSchema = z.object({
  code: z
    .string()
    .max(40, "Enter a recovery code")
    .transform((v) => v.replace(/[\s-]/g, "").toLowerCase())
    .pipe(
      z
        .string()
        .max(16)
        .regex(/^[a-z0-9]{16}$/, "Enter a recovery code as it was shown"),
    ),
});

const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/);

/** What a browser's WebAuthn ceremony answers (SimpleWebAuthn's JSON), checked only for shape and size here. */
export const passkeyResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string().max(100), z.unknown()),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url.optional(),
    authenticatorData: base64url.optional(),
    signature: base64url.optional(),
    userHandle: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

export const passkeyNameSchema = z.object({ name: z.string().trim().max(60, "Use at most 60 characters") });

export const acceptInvitationSchema = z.object({
  token: z.string().min(1).max(512),
  name: z.string().trim().min(1, "Enter your name").max(100, "Use at most 100 characters").optional(),
  password: z.string().min(10, "Use at least 10 characters").max(200, "Use at most 200 characters").optional(),
});
