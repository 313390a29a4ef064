import { createHash } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";
import { serverClock, type Clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import type { FileStorageConfig } from "../../files/file-settings.ts";
import {
  isPlainFileName,
  PROCESSED,
  REASON_SUFFIX,
  reasonText,
  REFUSED,
  type ArchiveOutcome,
  type BankTransport,
  type InboxFile,
} from "./bank-transport.ts";
import { spoolLimited, tooLarge } from "./spool.ts";

type S3Config = Extract<FileStorageConfig, { kind: "s3" }>;

const EMPTY_PAYLOAD_HASH = createHash("sha256").digest("hex");
const amzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, "");
const sha256Hex = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** `a/b c` → `a/b%20c`: each segment encoded as S3 expects in the path (slashes kept). */
const encodeKey = (key: string) => key.split("/").map(encodeURIComponent).join("/");

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g, (_, entity: string) => {
    if (entity === "lt") return "<";
    if (entity === "gt") return ">";
    if (entity === "quot") return '"';
    if (entity === "apos") return "'";
    if (entity === "amp") return "&";
    return String.fromCodePoint(
      entity.startsWith("#x") ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10),
    );
  });
}

/**
 * Two prefixes of the files area's S3-compatible bucket: the bank's client (or a bucket replication from the bank's
 * side) puts files under the inbox prefix and takes ours from the outbox prefix. A PUT of a key is atomic (a reader
 * sees the old object or the new one, never half) and putting the same bytes under the same key again changes
 * nothing, so delivery is idempotent by name. S3 has no rename: archiving copies the object under `processed/` or
 * `refused/` and then deletes it from the inbox (a crash between the two leaves it in both; the importer recognises
 * the file the second time, and the copy is made again over the same key).
 */
export class S3Transport implements BankTransport {
  readonly kind = "s3";
  private readonly endpoint: URL;

  constructor(
    private readonly s3: S3Config,
    private readonly prefixes: { inboxPrefix: string; outboxPrefix: string },
    private readonly options: { fetch?: typeof fetch; clock?: Clock } = {},
  ) {
    this.endpoint = new URL(s3.endpoint);
  }

  async list(): Promise<InboxFile[]> {
    const files: InboxFile[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ "list-type": "2", prefix: this.prefixes.inboxPrefix, delimiter: "/" });
      if (token) query.set("continuation-token", token);
      const res = await this.send("GET", "", { query });
      const body = await res.text();
      if (!res.ok) throw new Error(`S3 list answered ${res.status}: ${body.slice(0, 300)}`);
      for (const [, contents] of body.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = unescapeXml(/<Key>([\s\S]*?)<\/Key>/.exec(contents!)?.[1] ?? "");
        const size = Number(/<Size>(\d+)<\/Size>/.exec(contents!)?.[1] ?? "0");
        const name = key.slice(this.prefixes.inboxPrefix.length);
        if (key.startsWith(this.prefixes.inboxPrefix) && isPlainFileName(name)) files.push({ name, size });
      }
      const truncated = /<IsTruncated>true<\/IsTruncated>/.test(body);
      token = truncated
        ? unescapeXml(/<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(body)?.[1] ?? "")
        : undefined;
    } while (token);
    return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async fetch(name: string, spoolPath: string, maxBytes: number): Promise<{ size: number }> {
    const res = await this.send("GET", this.inboxKey(name));
    if (res.status === 404) {
      await res.body?.cancel();
      throw new AppError("NOT_FOUND", `The bank file ${name} is no longer in the inbox`);
    }
    if (!res.ok || !res.body) throw new Error(`S3 GET answered ${res.status}`);
    if (Number(res.headers.get("content-length") ?? "0") > maxBytes) {
      await res.body.cancel();
      throw tooLarge(name, maxBytes);
    }
    return spoolLimited(res.body, spoolPath, maxBytes, name);
  }

  async archive(name: string, outcome: ArchiveOutcome): Promise<void> {
    const source = this.inboxKey(name);
    const folder = outcome.kind === "imported" ? PROCESSED : REFUSED;
    const target = `${this.prefixes.inboxPrefix}${folder}/${name}`;
    const copied = await this.send("PUT", target, {
      headers: { "x-amz-copy-source": `/${this.s3.bucket}/${encodeKey(source)}` },
    });
    const answer = await copied.text();
    // A copy answers 200 with an <Error> body when it fails part-way.
    if (copied.status === 404) return;
    if (!copied.ok || answer.includes("<Error>"))
      throw new Error(`S3 copy answered ${copied.status}: ${answer.slice(0, 300)}`);
    if (outcome.kind === "refused") await this.put(`${target}${REASON_SUFFIX}`, reasonText(outcome.reason));
    const deleted = await this.send("DELETE", source);
    await deleted.body?.cancel();
    if (!deleted.ok && deleted.status !== 404) throw new Error(`S3 DELETE answered ${deleted.status}`);
  }

  async deliver(file: { name: string; content: Uint8Array }): Promise<void> {
    if (!isPlainFileName(file.name)) throw new Error(`Not a file name to deliver under: "${file.name}"`);
    await this.put(`${this.prefixes.outboxPrefix}${file.name}`, file.content);
  }

  private async put(key: string, content: Uint8Array | string): Promise<void> {
    const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
    const res = await this.send("PUT", key, {
      payloadHash: sha256Hex(bytes),
      headers: { "content-length": String(bytes.length) },
      body: bytes,
    });
    if (!res.ok) throw new Error(`S3 PUT answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    await res.body?.cancel();
  }

  private inboxKey(name: string): string {
    if (!isPlainFileName(name)) throw new AppError("NOT_FOUND", "No such file in the inbox");
    return `${this.prefixes.inboxPrefix}${name}`;
  }

  private async send(
    method: "GET" | "PUT" | "DELETE",
    key: string,
    extra: { query?: URLSearchParams; headers?: Record<string, string>; body?: Uint8Array; payloadHash?: string } = {},
  ): Promise<Response> {
    const base = this.endpoint.pathname.replace(/\/+$/, "");
    const query = extra.query ? `?${extra.query.toString()}` : "";
    const signed = await new AwsV4Signer({
      method,
      url: `${this.endpoint.origin}${base}/${this.s3.bucket}/${encodeKey(key)}${query}`,
      headers: { ...extra.headers, "x-amz-content-sha256": extra.payloadHash ?? EMPTY_PAYLOAD_HASH },
      accessKeyId: this.s3.accessKeyId,
      secretAccessKey: this.s3.secretAccessKey,
      region: this.s3.region,
      service: "s3",
      datetime: amzDate((this.options.clock ?? serverClock)()),
    }).sign();
    return (this.options.fetch ?? fetch)(signed.url, {
      method,
      headers: signed.headers,
      body: extra.body as BodyInit | undefined,
    });
  }
}
