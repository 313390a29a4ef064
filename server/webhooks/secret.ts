import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** A subscriber's secret as Standard Webhooks writes it: `whsec_` and the base64 of 24 to 64 random bytes. */
export function parseWebhookSecret(secret: string): Buffer | undefined {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret);
  if (!match) return undefined;
  const key = Buffer.from(match[1]!, "base64");
  // Round-trip: a string that is not canonical base64 (wrong padding, stray characters) is refused.
  if (key.toString("base64").replace(/=+$/, "") !== match[1]!.replace(/=+$/, "")) return undefined;
  return key.length >= 24 && key.length <= 64 ? key : undefined;
}

/** A fresh subscriber secret in that format: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

const sealingKeys = new Map<string, Buffer>();

function sealingKey(instanceSecret: string): Buffer {
  let key = sealingKeys.get(instanceSecret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", instanceSecret, "tokenrail", "webhook-secrets", 32));
    sealingKeys.set(instanceSecret, key);
  }
  return key;
}

/** Encrypts a subscriber's secret with a key derived from the instance secret (AES-256-GCM): `v1.<iv>.<tag>.<data>`. */
export function sealSecret(secret: string, instanceSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(instanceSecret), iv);
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function unsealSecret(sealed: string, instanceSecret: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("not a sealed webhook secret");
  const decipher = createDecipheriv("aes-256-gcm", sealingKey(instanceSecret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** Subscriptions' signing keys by their sealed secret: the worker signs many deliveries to few subscriptions. */
const signingKeys = new Map<string, Buffer>();
const SIGNING_KEYS_KEPT = 1000;

/**
 * The key a subscription's deliveries are signed with, from its sealed secret: unsealed and decoded once, then kept
 * in this process (which holds the instance secret that unseals them anyway). A changed secret is a new sealed
 * string, so it never finds an old key.
 */
export function signingKey(sealed: string, instanceSecret: string): Buffer {
  const cacheKey = `${instanceSecret.length}:${instanceSecret}:${sealed}`;
  let key = signingKeys.get(cacheKey);
  if (!key) {
    const parsed = parseWebhookSecret(unsealSecret(sealed, instanceSecret));
    if (!parsed) throw new Error("the sealed webhook secret is not a whsec_ secret");
    if (signingKeys.size >= SIGNING_KEYS_KEPT) signingKeys.clear();
    signingKeys.set(cacheKey, parsed);
    key = parsed;
  }
  return key;
}
