import { createHash, timingSafeEqual } from "node:crypto";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import { errorResponse } from "./respond.ts";
import { exposition } from "../metrics/metrics.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * `GET /metrics` for Prometheus. With `TOKENRAIL_METRICS_TOKEN` set, only a scraper sending it as a bearer token
 * gets them (401 otherwise); production without one serves none (404: there is nothing to find); the sandbox
 * without one serves them openly.
 */
export async function serveMetrics(req: Request, config: Pick<Config, "environment" | "metricsToken">) {
  const token = config.metricsToken;
  if (!token && config.environment === "production") {
    return errorResponse(new AppError("NOT_FOUND", "Not found"));
  }
  if (token) {
    const sent = /^Bearer (.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
    // Compared as digests: equal lengths, and no timing that tells how much of the token was right.
    if (!timingSafeEqual(digest(sent), digest(token))) {
      return errorResponse(new AppError("UNAUTHENTICATED", "The metrics token is missing or wrong"), {
        headers: { "www-authenticate": 'Bearer realm="metrics"' },
      });
    }
  }
  const { body, contentType } = await exposition();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}
