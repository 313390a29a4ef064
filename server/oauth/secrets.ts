import { hash, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 bits from the OS, base64url: client secrets, access tokens, codes. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * Secrets we issue are 256-bit random, so a fast hash is as strong as a slow one against guessing; only hashes are
 * stored, and a database leak yields nothing usable.
 */
export function hashSecret(secret: string): string {
  return hash("sha256", secret, "hex");
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(secret: string, storedHash: string | null | undefined): boolean {
  if (!storedHash) return false;
  const presented = hash("sha256", secret, "buffer");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
