// GET /metrics — Prometheus metrics of this instance: requests, latency, outbox, ledger; token-protected in production
import { getConfig } from "@/server/config.ts";
import { serveMetrics } from "@/server/http/serve-metrics.ts";

export function GET(req: Request) {
  return serveMetrics(req, getConfig());
}
