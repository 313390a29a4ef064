import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { publicAddresses, UnsafeUrl, type UrlPolicy } from "./url-guard.ts";

export type SendResult = {
  status?: number;
  /** The first kilobyte of the answer. */
  body?: string;
  /** Seconds from a `Retry-After` header (429, 503), when it gave any. */
  retryAfterSeconds?: number;
  latencyMs: number;
  error?: string;
};

const RESPONSE_KEEP = 1024;

/**
 * POSTs one webhook: the body exactly as given, no redirects followed, `timeoutMs` for the whole exchange. Under the
 * strict policy the connection goes only to an address checked public at that moment (the check and the connection
 * use the same lookup, so a name cannot turn private in between).
 */
export function sendWebhook(options: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: UrlPolicy;
}): Promise<SendResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      resolve({ latencyMs: 0, error: "invalid URL" });
      return;
    }
    const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
      publicAddresses(hostname)
        .then((addresses) => {
          if (lookupOptions.all) callback(null, addresses);
          else callback(null, addresses[0]!.address, addresses[0]!.family);
        })
        .catch((error: unknown) => callback(error as NodeJS.ErrnoException, "", 0));
    };
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: "POST",
        headers: { ...options.headers, "content-length": Buffer.byteLength(options.body).toString() },
        ...(options.policy.allowPrivate ? {} : { lookup: guardedLookup }),
        timeout: options.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on("data", (chunk: Buffer) => {
          if (kept < RESPONSE_KEEP) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on("end", () => {
          const retryAfter = Number(res.headers["retry-after"]);
          resolve({
            status: res.statusCode,
            body: Buffer.concat(chunks).subarray(0, RESPONSE_KEEP).toString("utf8"),
            ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
            latencyMs: latency(),
          });
        });
        res.on("error", (error) => resolve({ status: res.statusCode, latencyMs: latency(), error: error.message }));
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on("error", (error) => {
      clearTimeout(deadline);
      resolve({
        latencyMs: latency(),
        error: error instanceof UnsafeUrl ? `refused: ${error.message}` : error.message,
      });
    });
    req.on("close", () => clearTimeout(deadline));
    req.end(options.body);
  });
}
