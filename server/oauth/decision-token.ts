import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * CSRF protection of the consent form: a token bound to the signed-in person and the request, keyed with the
 * instance secret. A page on another site can neither read nor forge it.
 */
export function decisionToken(secret: string, userId: string, requestId: string): string {
  return createHmac("sha256", secret).update(`consent:${userId}:${requestId}`).digest("base64url");
}

export function decisionTokenValid(secret: string, userId: string, requestId: string, token: string): boolean {
  const expected = Buffer.from(decisionToken(secret, userId, requestId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
