import { z } from "zod";
import { UUID_PATTERN } from "../ids.ts";
import { ALL_PRIVILEGES, type Privilege } from "./privilege-names.ts";
import { redirectUriProblem } from "./redirect-uri.ts";
import { MAX_ID } from "../limits.ts";

/**
 * What a developer sends from the portal: registering an application, changing it, asking for privileges. The
 * forms validate with these same schemas in the browser; the server validates again.
 */

export const MAX_REDIRECT_URIS = 10;

export const applicationNameSchema = z
  .string()
  .trim()
  .min(1, "Give the application a name")
  .max(80, "Use at most 80 characters");

export const redirectUriSchema = z
  .string()
  .trim()
  .min(1, "Enter a redirect URI or remove this row")
  .max(2000, "Use at most 2000 characters")
  .superRefine((uri, ctx) => {
    const problem = redirectUriProblem(uri);
    if (problem) ctx.addIssue({ code: "custom", message: `The redirect URI ${problem}` });
  });

export const redirectUrisSchema = z
  .array(redirectUriSchema)
  .min(1, "Add at least one redirect URI")
  .max(MAX_REDIRECT_URIS, `Use at most ${MAX_REDIRECT_URIS} redirect URIs`);

export const kycModelSchema = z.enum(["sharing", "reliance"], "Choose sharing or reliance");

export const registerApplicationInputSchema = z.object({
  name: applicationNameSchema,
  profileId: z.string().max(MAX_ID).regex(UUID_PATTERN, "Choose a profile"),
  redirectUris: redirectUrisSchema,
  kycModel: kycModelSchema,
});
export type RegisterApplicationInput = z.infer<typeof registerApplicationInputSchema>;

export const updateApplicationInputSchema = z.object({
  name: applicationNameSchema,
  redirectUris: redirectUrisSchema,
});
export type UpdateApplicationInput = z.infer<typeof updateApplicationInputSchema>;

export const privilegeRequestInputSchema = z.object({
  privileges: z.array(z.enum(ALL_PRIVILEGES as [Privilege, ...Privilege[]], "Unknown privilege")),
  note: z.string().trim().max(1000, "Use at most 1000 characters"),
});
export type PrivilegeRequestInput = z.infer<typeof privilegeRequestInputSchema>;
