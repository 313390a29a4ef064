import { z } from "zod";
import { MAX_EMAIL, MAX_ID, MAX_SIGNATURE, MAX_SIGNED_MESSAGE, MAX_URL, tooLong } from "../limits.ts";

const bounded = (max: number) => z.string().max(max, tooLong(max)).optional();

/**
 * Fields of `POST /auth` (form) and `GET /auth` (query): SPEC endpoint 2 plus the reference's names (CONTRACT §4.1).
 * Everything is optional here; the checks that decide between an error page and an error redirect come after the
 * client and redirect URI are known (RFC 6749 §4.1.2.1).
 */
export const authorizeRequestSchema = z.object({
  client_id: bounded(MAX_ID),
  redirect_uri: bounded(MAX_URL),
  response_type: bounded(MAX_ID),
  code_challenge: bounded(MAX_ID),
  code_challenge_method: bounded(MAX_ID),
  // RFC 6749 leaves `state` to the client; some carry a signed token in it.
  state: bounded(MAX_URL),
  email: bounded(MAX_EMAIL),
  auth_mode: bounded(MAX_ID),
  skip_kyc: bounded(MAX_ID),
  skip_create_account: bounded(MAX_ID),
  address: bounded(MAX_ID),
  signature: bounded(MAX_SIGNATURE),
  chain: bounded(MAX_ID),
  authentication_method: bounded(MAX_ID),
  message: bounded(MAX_SIGNED_MESSAGE),
});
export type AuthorizeRequest = z.infer<typeof authorizeRequestSchema>;

/** RFC 7636 §4.2: S256 of a 43–128 character verifier is 43 base64url characters. */
export const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: unreserved characters, 43 to 128 of them. */
export const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
