import { z } from "zod";

/**
 * Fields of `POST /auth` (form) and `GET /auth` (query): SPEC endpoint 2 plus the reference's names (CONTRACT §4.1).
 * Everything is optional here; the checks that decide between an error page and an error redirect come after the
 * client and redirect URI are known (RFC 6749 §4.1.2.1).
 */
export const authorizeRequestSchema = z.object({
  client_id: z.string().optional(),
  redirect_uri: z.string().optional(),
  response_type: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
  state: z.string().optional(),
  email: z.string().optional(),
  auth_mode: z.string().optional(),
  skip_kyc: z.string().optional(),
  skip_create_account: z.string().optional(),
  address: z.string().optional(),
  signature: z.string().optional(),
  chain: z.string().optional(),
  authentication_method: z.string().optional(),
  message: z.string().optional(),
});
export type AuthorizeRequest = z.infer<typeof authorizeRequestSchema>;

/** RFC 7636 §4.2: S256 of a 43–128 character verifier is 43 base64url characters. */
export const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: unreserved characters, 43 to 128 of them. */
export const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
