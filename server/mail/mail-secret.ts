import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Config } from "../config.ts";

/**
 * Where a mail's secret goes: a mail that grants access (a reset or invitation link's token, a code to type) is
 * composed with this mark in place of the value and the value beside it (`MailMessage.secret`). The stored content,
 * text and HTML keep the mark; the value is kept sealed, apart, only until delivery ends.
 */
export const SECRET_MARK = "{{secret}}";

/** What the production outbox shows where the secret was. */
export const REDACTED = "[redacted]";

/** The parts of a mail that may carry the mark. */
type Marked = { subject: string; paragraphs: string[]; action?: { label: string; url: string }; code?: string };

/** `content` with the mark replaced by `value` wherever it stands. */
export function fillSecret<T extends Marked>(content: T, value: string): T {
  const fill = (s: string) => s.replaceAll(SECRET_MARK, value);
  return {
    ...content,
    subject: fill(content.subject),
    paragraphs: content.paragraphs.map(fill),
    ...(content.action ? { action: { label: fill(content.action.label), url: fill(content.action.url) } } : {}),
    ...(content.code !== undefined ? { code: fill(content.code) } : {}),
  };
}

export function carriesMark(content: Marked): boolean {
  return JSON.stringify(content).includes(SECRET_MARK);
}

/**
 * Whether the outbox may show a mail's secret: only the sandbox, whose outbox is the mailbox its integrators' testers
 * read. Production shows it nowhere and keeps it only until delivery ends.
 */
export function outboxShowsSecrets(config: Pick<Config, "environment">): boolean {
  return config.environment === "sandbox";
}

const keys = new Map<string, Buffer>();

/**
 * The key that seals mail secrets: derived from `TOKENRAIL_SECRET` (HKDF-SHA256, a label of its own), which every
 * instance of a deployment shares, so whichever instance claims a mail can open it.
 */
function sealingKey(instanceSecret: string): Buffer {
  let key = keys.get(instanceSecret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", instanceSecret, "tokenrail", "mail-secrets", 32));
    keys.set(instanceSecret, key);
  }
  return key;
}

/**
 * Seals a mail's secret (AES-256-GCM), bound to the mail's `Message-ID` so a sealed value cannot be moved onto
 * another row: `v1.<iv>.<tag>.<data>`.
 */
export function sealMailSecret(value: string, messageId: string, instanceSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(instanceSecret), iv);
  cipher.setAAD(Buffer.from(messageId, "utf8"));
  const data = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return ["v1", ...[iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url"))].join(".");
}

/** The secret sealed by `sealMailSecret`, or undefined when it cannot be opened (another instance secret, altered). */
export function openMailSecret(sealed: string, messageId: string, instanceSecret: string): string | undefined {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(instanceSecret), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(messageId, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
