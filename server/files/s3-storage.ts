import { createHash } from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { AwsV4Signer } from "aws4fetch";
import { serverClock, type Clock } from "../clock.ts";
import type { FileStorageConfig } from "./file-settings.ts";
import {
  contentPath,
  isContentKey,
  type ContentWriter,
  type FileStorage,
  type SpooledContent,
  spoolingWriter,
} from "./storage.ts";

type S3Config = Extract<FileStorageConfig, { kind: "s3" }>;

const EMPTY_PAYLOAD_HASH = createHash("sha256").digest("hex");

/**
 * The signing keys aws4fetch derives (four HMACs each, one key per secret, day and region), kept between requests
 * and storages: with them a request is signed in a fifth of the time. A handful a day; cleared now and then.
 */
const signingKeys = new Map<string, ArrayBuffer>();

/** `20130524T000000Z`, the SigV4 timestamp. */
const amzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, "");

/**
 * Contents in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) under `files/ab/<sha256>`, with path-style
 * requests (`<endpoint>/<bucket>/<key>`) signed with SigV4 by aws4fetch. The payload hash S3 verifies is the
 * content's own SHA-256, already known from the upload, so the spooled file streams up without being read twice.
 */
export class S3FileStorage implements FileStorage {
  readonly hashesPayload = true;
  private readonly endpoint: URL;

  constructor(
    private readonly config: S3Config,
    private readonly options: { fetch?: typeof fetch; clock?: Clock } = {},
  ) {
    this.endpoint = new URL(config.endpoint);
  }

  private async send(
    method: "GET" | "HEAD" | "PUT" | "DELETE",
    key: string,
    payloadHash: string,
    extra: { headers?: Record<string, string>; body?: ReadableStream<Uint8Array> } = {},
  ): Promise<Response> {
    const base = this.endpoint.pathname.replace(/\/+$/, "");
    if (signingKeys.size > 16) signingKeys.clear();
    const signed = await new AwsV4Signer({
      method,
      url: `${this.endpoint.origin}${base}/${this.config.bucket}/files/${contentPath(key)}`,
      headers: { ...extra.headers, "x-amz-content-sha256": payloadHash },
      accessKeyId: this.config.accessKeyId,
      secretAccessKey: this.config.secretAccessKey,
      region: this.config.region,
      service: "s3",
      datetime: amzDate((this.options.clock ?? serverClock)()),
      cache: signingKeys,
    }).sign();
    const doFetch = this.options.fetch ?? fetch;
    return doFetch(signed.url, {
      method,
      headers: signed.headers,
      body: extra.body,
      ...(extra.body ? { duplex: "half" } : {}),
    });
  }

  async put(content: SpooledContent, key = content.sha256): Promise<string> {
    try {
      // Known content is not sent again. Without s3:ListBucket a missing object answers 403 instead of 404: then
      // the content is simply sent.
      if ((await this.send("HEAD", key, EMPTY_PAYLOAD_HASH)).status === 200) return key;
      await this.upload(content, key);
      return key;
    } finally {
      await fs.promises.rm(content.path, { force: true });
    }
  }

  async putBytes(bytes: Uint8Array, key: string): Promise<void> {
    if (!isContentKey(key)) throw new Error("not a content key");
    if ((await this.send("HEAD", key, EMPTY_PAYLOAD_HASH)).status === 200) return;
    const res = await this.send("PUT", key, createHash("sha256").update(bytes).digest("hex"), {
      headers: { "content-length": String(bytes.length) },
      body: new Blob([Uint8Array.from(bytes)]).stream(),
    });
    if (!res.ok) throw new Error(`S3 PUT answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }

  /** A PUT replaces an object whole: readers get the old one or the new one. */
  async replace(content: SpooledContent, key: string): Promise<void> {
    try {
      await this.upload(content, key);
    } finally {
      await fs.promises.rm(content.path, { force: true });
    }
  }

  private async upload(content: SpooledContent, key: string): Promise<void> {
    if (!isContentKey(key)) throw new Error("not a content key");
    const body = Readable.toWeb(fs.createReadStream(content.path)) as ReadableStream<Uint8Array>;
    const res = await this.send("PUT", key, content.sha256, {
      headers: { "content-length": String(content.size) },
      body,
    });
    if (!res.ok) throw new Error(`S3 PUT answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }

  writer(spoolDir: string): Promise<ContentWriter> {
    return spoolingWriter(spoolDir, (content) => this.put(content));
  }

  async get(key: string): Promise<ReadableStream<Uint8Array> | undefined> {
    if (!isContentKey(key)) return undefined;
    const res = await this.send("GET", key, EMPTY_PAYLOAD_HASH);
    if (res.status === 404) return undefined;
    if (!res.ok || !res.body) throw new Error(`S3 GET answered ${res.status}`);
    return res.body;
  }

  async exists(key: string): Promise<boolean> {
    if (!isContentKey(key)) return false;
    const res = await this.send("HEAD", key, EMPTY_PAYLOAD_HASH);
    if (res.status === 404) return false;
    if (!res.ok) throw new Error(`S3 HEAD answered ${res.status}`);
    return true;
  }

  async remove(key: string): Promise<void> {
    if (!isContentKey(key)) return;
    const res = await this.send("DELETE", key, EMPTY_PAYLOAD_HASH);
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE answered ${res.status}`);
  }
}
