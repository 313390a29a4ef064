import { z } from "zod";
import type { Spec } from "../contract/operation.ts";
import { MAX_ID, MAX_SECRET, MAX_URL, tooLong } from "../limits.ts";

const bounded = (max: number) => z.string().max(max, tooLong(max)).optional();

/** Token request fields (SPEC endpoint 6). Unknown fields are ignored, as RFC 6749 §3.2 asks. */
export const tokenRequestSchema = z.object({
  grant_type: z
    .string({ error: "grant_type is required" })
    .min(1, "grant_type is required")
    .max(MAX_ID, tooLong(MAX_ID)),
  client_id: bounded(MAX_ID),
  client_secret: bounded(MAX_SECRET),
  code: bounded(MAX_SECRET),
  code_verifier: bounded(MAX_SECRET),
  redirect_uri: bounded(MAX_URL),
  refresh_token: bounded(MAX_SECRET),
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

/** The token endpoint's spec beyond its request: RFC 6749 errors, no Accept check, its answers. */
export const TOKEN_ENDPOINT = {
  accept: false,
  responses: { 200: tokenResponseSchema.meta({ id: "TokenResponse" }) },
  refusals: { 429: "Too many failed client authentications: wait for `Retry-After` seconds" },
} satisfies Spec;

/** What a grant's transaction decided; a replay is acted on after it (the revocation must commit). */
export type GrantOutcome =
  { kind: "ok"; tokens: TokenResponse } | { kind: "replayed"; familyId: string } | { kind: "error"; message: string };
