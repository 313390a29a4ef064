import { z } from "zod";

/** Token request fields (SPEC endpoint 6). Unknown fields are ignored, as RFC 6749 §3.2 asks. */
export const tokenRequestSchema = z.object({
  grant_type: z.string({ error: "grant_type is required" }).min(1, "grant_type is required"),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  code: z.string().optional(),
  code_verifier: z.string().optional(),
  redirect_uri: z.string().optional(),
  refresh_token: z.string().optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
  refresh_token: z.string().optional(),
  /** The profile the token acts on by default, and the user it acts for (the SDK's BearerProfile). */
  profile: z.string().uuid(),
  userId: z.string().uuid(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** What a grant's transaction decided; a replay is acted on after it (the revocation must commit). */
export type GrantOutcome =
  { kind: "ok"; tokens: TokenResponse } | { kind: "replayed"; familyId: string } | { kind: "error"; message: string };
