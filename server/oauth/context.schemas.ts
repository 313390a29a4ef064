import { z } from "zod";

export const profileSummarySchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(["personal", "corporate"]),
  name: z.string(),
  state: z.enum(["created", "pending", "approved", "rejected", "blocked"]),
  /** CONTRACT §4.3: the current OpenAPI sends `state`, the SDK 3.5.0 era `perms`; both are sent. */
  perms: z.array(z.enum(["read", "write"])),
});

/** SPEC "Authentication context". */
export const authContextSchema = z
  .object({
    userId: z.string().uuid(),
    email: z.string(),
    name: z.string(),
    roles: z.array(z.string()),
    auth: z.object({ method: z.string(), subject: z.string(), verified: z.boolean() }),
    defaultProfile: z.string().uuid(),
    profiles: z.array(profileSummarySchema),
  })
  .meta({ id: "AuthContext" });
export type AuthContext = z.infer<typeof authContextSchema>;
