import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/**
 * Benchmark P5's subscriber endpoint, in the bench process on loopback: every POST is verified with the
 * `standardwebhooks` package against its raw body (as e2e/fixtures/webhook-receiver.ts does) and answered 200, or
 * 401 when the signature does not verify. Nothing is kept but what `listener` takes: the payload, its `webhook-id`
 * and the moment it arrived (performance.now(), the clock the bench times requests with).
 */
export type Arrival = { id: string; type: string; data: Record<string, unknown>; at: number };

export class BenchReceiver {
  readonly secret = `whsec_${randomBytes(32).toString("base64")}`;
  private readonly webhook = new Webhook(this.secret);
  /** Deliveries whose signature did not verify: must stay 0. */
  unverified = 0;
  listener: (arrival: Arrival) => void = () => undefined;
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = performance.now();
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : (v ?? "")]),
      );
      let payload: { type: string; data?: Record<string, unknown> };
      try {
        payload = this.webhook.verify(Buffer.concat(chunks).toString("utf8"), headers) as typeof payload;
      } catch {
        this.unverified++;
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200).end();
      this.listener({ id: headers["webhook-id"] ?? "", type: payload.type, data: payload.data ?? {}, at });
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
