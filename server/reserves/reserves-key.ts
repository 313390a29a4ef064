import { createHash, createPrivateKey, createPublicKey, hkdfSync, sign, verify, type KeyObject } from "node:crypto";
import type { Config } from "../config.ts";

/** The public key as a JWK (RFC 8037: OKP, Ed25519), with its RFC 7638 thumbprint as `kid`. */
export type ReservesJwk = { kty: "OKP"; crv: "Ed25519"; x: string; kid: string; alg: "EdDSA"; use: "sig" };

/** PKCS #8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410). */
const PKCS8_ED25519 = Buffer.from("302e020100300506032b657004220420", "hex");

/**
 * The key that signs the published reserves (C69): Ed25519, from `TOKENRAIL_RESERVES_KEY` when set, otherwise
 * derived (HKDF-SHA256) from the instance secret, so every instance of a deployment signs with the same key and
 * none is written anywhere. Changing either changes the key; the JWKS then publishes the new one.
 */
function signingKey(config: Config): { privateKey: KeyObject; jwk: ReservesJwk } {
  const seed = config.reservesKeySeed
    ? Buffer.from(config.reservesKeySeed, "base64url")
    : Buffer.from(hkdfSync("sha256", config.secret, "tokenrail", "reserves signing key v1", 32));
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: "der", type: "pkcs8" });
  const { x } = createPublicKey(privateKey).export({ format: "jwk" }) as { x: string };
  const kid = createHash("sha256")
    .update(JSON.stringify({ crv: "Ed25519", kty: "OKP", x }))
    .digest("base64url");
  return { privateKey, jwk: { kty: "OKP", crv: "Ed25519", x, kid, alg: "EdDSA", use: "sig" } };
}

/** The published key set: what anyone verifies the reserves with. */
export function reservesJwks(config: Config): { keys: ReservesJwk[] } {
  return { keys: [signingKey(config).jwk] };
}

/** `payload` as a JWS in compact serialization (RFC 7515), EdDSA over Ed25519 (RFC 8037). */
export function signJws(config: Config, payload: unknown): string {
  const { privateKey, jwk } = signingKey(config);
  const header = b64(JSON.stringify({ alg: "EdDSA", kid: jwk.kid, typ: "JWT" }));
  const body = b64(JSON.stringify(payload));
  const signature = sign(null, Buffer.from(`${header}.${body}`), privateKey).toString("base64url");
  return `${header}.${body}.${signature}`;
}

/**
 * Verifies a compact JWS against a key set as any reader would: the header's `kid` picks the key, only EdDSA is
 * accepted. The payload, parsed, when the signature holds; undefined otherwise.
 */
export function verifyJws(jws: string, jwks: { keys: { kid?: string; x?: string; crv?: string }[] }): unknown {
  const [header, body, signature, ...rest] = jws.split(".");
  if (!header || !body || !signature || rest.length > 0) return undefined;
  try {
    const { alg, kid } = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string; kid?: string };
    const jwk = jwks.keys.find((k) => k.kid === kid);
    if (alg !== "EdDSA" || !jwk?.x || jwk.crv !== "Ed25519") return undefined;
    const key = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: jwk.x }, format: "jwk" });
    if (!verify(null, Buffer.from(`${header}.${body}`), key, Buffer.from(signature, "base64url"))) return undefined;
    return JSON.parse(Buffer.from(body, "base64url").toString()) as unknown;
  } catch {
    return undefined;
  }
}

const b64 = (text: string) => Buffer.from(text).toString("base64url");
