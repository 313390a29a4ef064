import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { Sample } from "./load.ts";

/**
 * Benchmark P5's baseline: what the delivery worker cannot do without, in a bare loop in the bench process. Each
 * POST is signed as server/webhooks/sign.ts signs (HMAC-SHA256 keyed by the secret's decoded bytes over
 * `id.timestamp.body`, a fresh UUID as `webhook-id`) and sent with node:http's default (keep-alive) agent, as
 * server/webhooks/send.ts sends; batches of `batch` go in parallel, the next when all are answered, as the worker
 * does. Counts 2xx answers per second over `seconds`; anything else is bad.
 */
export async function signedPostLoop(options: {
  url: string;
  secret: string;
  body: string;
  batch: number;
  seconds: number;
}): Promise<Sample> {
  const key = Buffer.from(options.secret.replace(/^whsec_/, ""), "base64");
  const length = Buffer.byteLength(options.body).toString();
  const post = () =>
    new Promise<number>((resolve) => {
      const id = randomUUID();
      const seconds = Math.floor(Date.now() / 1000).toString();
      const signature = createHmac("sha256", key).update(`${id}.${seconds}.${options.body}`).digest("base64");
      const headers = {
        "content-type": "application/json",
        "webhook-id": id,
        "webhook-timestamp": seconds,
        "webhook-signature": `v1,${signature}`,
        "content-length": length,
      };
      const req = http.request(options.url, { method: "POST", headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve(0));
      });
      req.on("error", () => resolve(0));
      req.end(options.body);
    });
  let sent = 0;
  let bad = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  while (performance.now() < deadline) {
    const statuses = await Promise.all(Array.from({ length: options.batch }, post));
    sent += statuses.length;
    bad += statuses.filter((s) => s < 200 || s >= 300).length;
  }
  const elapsed = (performance.now() - started) / 1000;
  return { rps: (sent - bad) / elapsed, p50Ms: (elapsed * 1000 * options.batch) / sent, p99Ms: NaN, bad };
}
