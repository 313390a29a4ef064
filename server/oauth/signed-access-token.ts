import { createHmac, createSecretKey, hkdfSync, timingSafeEqual, type KeyObject } from "node:crypto";

/**
 * What a client-credentials access token says about itself. Nothing of it is stored: the token is the record, and
 * its HMAC proves we issued it. Times are milliseconds since the epoch.
 */
export type AccessTokenClaims = {
  /** A random id of this token (the `Caller`'s tokenId). */
  jti: string;
  /** The client-credentials client it was issued to. */
  cid: string;
  iat: number;
  exp: number;
  /**
   * The client's `tokensNotBefore` when the token was issued (0 when never set). Rotating the secret moves it, so
   * every token issued before no longer matches. Compared for equality, not against `iat`: a token issued while a
   * rotation commits, or under a sandbox clock offset, could otherwise carry a later `iat` than the rotation.
   */
  nbf: number;
};

/** The format's version and marker: stored tokens (43 characters of base64url, no dot) never start with it. */
const PREFIX = "tr1.";
/** HMAC-SHA256 in base64url, unpadded. */
const MAC_LENGTH = 43;

const keys = new Map<string, KeyObject>();

/**
 * The signing key: derived from the instance secret (HKDF-SHA256) under a label of its own, once per process, and
 * kept as a key object (Node 24 would make one of raw bytes at every MAC).
 */
export function accessTokenKey(instanceSecret: string): KeyObject {
  let key = keys.get(instanceSecret);
  if (!key) {
    key = createSecretKey(
      Buffer.from(hkdfSync("sha256", instanceSecret, "tokenrail", "client-credentials-access-tokens", 32)),
    );
    keys.set(instanceSecret, key);
  }
  return key;
}

const mac = (key: KeyObject, signed: string) => createHmac("sha256", key).update(signed).digest("base64url");

/** `tr1.<base64url JSON claims>.<base64url HMAC-SHA256 of what precedes the last dot>`. */
export function signAccessToken(claims: AccessTokenClaims, key: KeyObject): string {
  const signed = `${PREFIX}${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
  return `${signed}.${mac(key, signed)}`;
}

/** Whether a presented bearer token is in this format (it may still be forged, tampered with or expired). */
export function isSignedAccessToken(token: string): boolean {
  return token.startsWith(PREFIX);
}

/**
 * The claims of a token we signed with `key`, or undefined for anything else. The signature is compared in
 * constant time before anything of the payload is read; expiry and the client are the caller's to check.
 */
export function verifyAccessToken(token: string, key: KeyObject): AccessTokenClaims | undefined {
  const dot = token.lastIndexOf(".");
  if (!token.startsWith(PREFIX) || dot < PREFIX.length || token.length - dot - 1 !== MAC_LENGTH) return undefined;
  const signed = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "latin1");
  const expected = Buffer.from(mac(key, signed), "latin1");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return claimsOf(signed.slice(PREFIX.length));
}

function claimsOf(payload: string): AccessTokenClaims | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { jti, cid, iat, exp, nbf } = value as Record<string, unknown>;
  if (typeof jti !== "string" || typeof cid !== "string") return undefined;
  if (typeof iat !== "number" || typeof exp !== "number" || typeof nbf !== "number") return undefined;
  return { jti, cid, iat, exp, nbf };
}
