import { randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "../fixtures/contract-test.ts";
import { api, clientCredentialsToken, server, V2 } from "../fixtures/api.ts";
import { freePort } from "../fixtures/free-port.ts";
import { NOT_IN_PRODUCTION, productionEnvironment } from "../fixtures/production-instance.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { spawnServer, startDemoInstance, stopServer, waitFor } from "../fixtures/spawn-server.ts";
import { EMBEDDED_ONLY } from "../fixtures/embedded-only.ts";

/** The value of one series in Prometheus' text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf("}"));
    const have = inside.split(",");
    if (wanted.every((w) => have.includes(w))) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

test("issue 17: /metrics counts requests by route pattern (never a raw id) and status, with latency, outbox, chain queue and ledger", async ({
  request,
}) => {
  const token = await clientCredentialsToken(request);
  const headers = { authorization: `Bearer ${token}`, accept: V2 };
  const before = await (await request.get(`${server.appUrl}/metrics`)).text();
  const context = { route: "/api/auth/context", method: "GET", status: "200" };
  const missing = { route: "/api/orders/[orderId]", method: "GET", status: "404" };
  const countBefore = sample(before, "tokenrail_http_requests_total", context);
  const missingBefore = sample(before, "tokenrail_http_requests_total", missing);
  for (let i = 0; i < 3; i++) expect((await request.get(api("/auth/context"), { headers })).status()).toBe(200);
  const id = randomUUID();
  expect((await request.get(api(`/orders/${id}`), { headers })).status()).toBe(404);

  const res = await request.get(`${server.appUrl}/metrics`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  expect(sample(text, "tokenrail_http_requests_total", context)).toBe(countBefore + 3);
  expect(sample(text, "tokenrail_http_requests_total", missing)).toBe(missingBefore + 1);
  expect(text).not.toContain(id);
  expect(
    sample(text, "tokenrail_http_request_duration_seconds_count", { route: "/api/auth/context", method: "GET" }),
  ).toBeGreaterThanOrEqual(countBefore + 3);
  expect(text).toMatch(/^tokenrail_http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/auth\/context"/m);
  expect(text).toMatch(/^tokenrail_webhook_deliveries\{state="pending"\} \d+$/m);
  expect(text).toMatch(/^tokenrail_mail_messages\{status="failed"\} \d+$/m);
  expect(text).toMatch(/^tokenrail_events_pending_fan_out \d+$/m);
  expect(text).toMatch(/^tokenrail_process_resident_memory_bytes \d+$/m);
  expect(text).toContain("# TYPE tokenrail_ledger_balance_minor gauge");
  expect(text).toMatch(/^tokenrail_chain_transactions\{state="queued"\} \d+$/m);
});

test(
  "issue 17: with a metrics token, /metrics answers only a scraper that sends it (401 in the error body otherwise)",
  EMBEDDED_ONLY,
  async () => {
    test.setTimeout(120_000);
    const secret = randomBytes(32).toString("base64url");
    const instance = await startDemoInstance(await freePort(), { TOKENRAIL_METRICS_TOKEN: secret });
    try {
      const url = `${instance.appUrl}/metrics`;
      for (const authorization of [undefined, "Bearer wrong", `Bearer ${secret}x`, secret]) {
        const res = await fetch(url, { headers: authorization ? { authorization } : {} });
        expect(res.status, String(authorization)).toBe(401);
        expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
        expect(await res.json()).toMatchObject({ code: 401, status: "Unauthorized" });
      }
      const ok = await fetch(url, { headers: { authorization: `Bearer ${secret}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain("tokenrail_http_requests_total");
    } finally {
      await stopServer(instance.server);
    }
  },
);

// Production needs PostgreSQL; defined only where there is one (a skipped test counts as a failure).
if (process.env.DATABASE_URL) {
  test("issue 17: production serves no metrics without a token (404), and serves them to its token", async () => {
    test.setTimeout(120_000);
    const database = (await scratchDatabase("tokenrail_e2e_metrics"))!;
    const { env, devnet } = await productionEnvironment(database.env.DATABASE_URL);
    const secret = randomBytes(32).toString("base64url");
    const [plain, guarded] = [await freePort(), await freePort()];
    const first = spawnServer(plain, { ...env, ...NOT_IN_PRODUCTION });
    try {
      await waitFor(`http://localhost:${plain}/readyz`);
      const res = await fetch(`http://localhost:${plain}/metrics`, { headers: { authorization: `Bearer ${secret}` } });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 404, status: "Not Found" });
    } finally {
      await stopServer(first);
    }
    const second = spawnServer(guarded, { ...env, TOKENRAIL_METRICS_TOKEN: secret });
    try {
      await waitFor(`http://localhost:${guarded}/readyz`);
      const res = await fetch(`http://localhost:${guarded}/metrics`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(res.status).toBe(200);
    } finally {
      await stopServer(second);
      await devnet.close();
      await database.drop();
    }
  });
}
