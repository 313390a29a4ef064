import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPrivateAddress, publicAddresses, UnsafeUrl, type UrlPolicy } from "./url-guard.ts";

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

/** The strict policy's lookup: a name resolves only to addresses checked public at that moment. */
const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
  publicAddresses(hostname)
    .then((addresses) => {
      if (lookupOptions.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    })
    .catch((error: unknown) => callback(error as NodeJS.ErrnoException, "", 0));
};

/**
 * Connections to receivers are kept alive between deliveries, in pools of their own: one per policy, so a pooled
 * connection was always opened under the policy that reuses it (under the strict one, to an address checked public
 * when it connected), and never shared with other HTTP clients of the process. Limits: at most 50 connections to
 * one receiver at once, 20 idle ones kept per receiver, each idle at most 4 s (below the 5 s after which Node.js
 * servers close theirs, so a reused connection is rarely one the receiver is closing).
 */
type Pools = { http: http.Agent; https: https.Agent };
const poolOptions = {
  keepAlive: true,
  maxSockets: 50,
  maxFreeSockets: 20,
  timeout: 4_000,
  scheduling: "lifo",
} as const;
const pools: Record<"strict" | "open", Pools> = {
  strict: {
    http: new http.Agent({ ...poolOptions, lookup: guardedLookup }),
    https: new https.Agent({ ...poolOptions, lookup: guardedLookup }),
  },
  open: { http: new http.Agent(poolOptions), https: new https.Agent(poolOptions) },
};

/**
 * POSTs one webhook: the body exactly as given, no redirects followed, `timeoutMs` for the whole exchange. Under the
 * strict policy the connection goes only to an address checked public at that moment (the check and the connection
 * use the same lookup, so a name cannot turn private in between), and a kept-alive connection is reused only by
 * requests under the same policy.
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
    const strict = !options.policy.allowPrivate;
    // An address in the URL is connected to without a lookup: under the strict policy it is checked here instead.
    const literal = url.hostname.replace(/^\[(.*)\]$/, "$1");
    if (strict && isIP(literal) !== 0 && isPrivateAddress(literal)) {
      resolve({ latencyMs: 0, error: `refused: its host is ${literal}, which is not a public address` });
      return;
    }
    const pool = pools[strict ? "strict" : "open"];
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: "POST",
        headers: { ...options.headers, "content-length": Buffer.byteLength(options.body).toString() },
        agent: url.protocol === "https:" ? pool.https : pool.http,
        ...(strict ? { lookup: guardedLookup } : {}),
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
