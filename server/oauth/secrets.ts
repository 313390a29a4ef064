import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 bits from the OS, base64url: client secrets, access tokens, codes. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * Secrets we issue are 256-bit random, so a fast hash is as strong as a slow one against guessing; only hashes are
 * stored, and a database leak yields nothing usable.
 */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(secret: string, storedHash: string | null | undefined): boolean {
  if (!storedHash) return false;
  const presented = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
