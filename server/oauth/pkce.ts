import { createHash, timingSafeEqual } from "node:crypto";
import { CODE_VERIFIER } from "./authorize.schemas.ts";

/** RFC 7636 §4.6: base64url(SHA-256(verifier)) equals the stored challenge, compared in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!CODE_VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(createHash("sha256").update(verifier, "ascii").digest("base64url"));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
