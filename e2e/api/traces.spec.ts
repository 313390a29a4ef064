import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { clientCredentialsToken, V2 } from "../fixtures/api.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { redeemBody, type FundedCustomer, type Order } from "../fixtures/orders.ts";
import { OtlpReceiver, type ReceivedSpan } from "../fixtures/otlp-receiver.ts";
import { startScratchInstance } from "../fixtures/scratch-instance.ts";
import type { DemoInstance } from "../fixtures/spawn-server.ts";
import { WebhookReceiver, type Delivery } from "../fixtures/webhook-receiver.ts";

/**
 * C73: with an OTLP endpoint configured, an instance exports the trace of each request, and the work a request
 * causes joins it wherever it is done: its database queries, its ledger posts, the chain send of the order it
 * processes and the webhook deliveries of the events it records, which carry the trace to the receiver as
 * `traceparent`. Without an endpoint nothing is exported, and deliveries carry no trace.
 */
const SETTINGS = {
  TOKENRAIL_SANDBOX_AUTO_APPROVE: "off",
  TOKENRAIL_SANDBOX_AUTO_PROCESS: "off",
  TOKENRAIL_IBAN_PROVISION_INTERVAL: "1",
  LOG_LEVEL: "info",
};
/** Every OpenTelemetry variable the test process may have, so that an instance gets only the test's own. */
const NO_OTEL = Object.fromEntries(
  Object.keys(process.env)
    .filter((key) => key.startsWith("OTEL_"))
    .map((key) => [key, undefined]),
);
/** Where OpenTelemetry's exporter sends when no endpoint is configured: where an SDK loaded by mistake would send. */
const OTLP_DEFAULT_PORT = 4318;

async function subscribe(request: APIRequestContext, target: DemoInstance, receiver: WebhookReceiver): Promise<void> {
  const partner = { authorization: `Bearer ${await clientCredentialsToken(request, target)}`, accept: V2 };
  const res = await request.post(`${target.baseUrl}/webhooks`, {
    headers: partner,
    data: { url: await receiver.start(), secret: receiver.secret, types: ["order.created", "order.updated"] },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function fund(request: APIRequestContext, target: DemoInstance, customer: FundedCustomer): Promise<void> {
  const paid = await request.post(`${target.baseUrl}/sandbox/payments`, {
    headers: customer.partner,
    data: { iban: customer.iban, amount: "50", memo: "C73 funds" },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  expect(((await paid.json()) as Order).state).toBe("processed");
}

const orderOf = (d: Delivery) => (d.data as { id?: string }).id;
const stateOf = (d: Delivery) => (d.data as { state?: string }).state;

/** The W3C `traceparent` a delivery carried: its trace and the span it names. */
function traceparentOf(delivery: Delivery): { traceId: string; spanId: string } {
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/.exec(delivery.headers.traceparent ?? "");
  expect(match, `traceparent ${delivery.headers.traceparent}`).not.toBeNull();
  return { traceId: match![1]!, spanId: match![2]! };
}

/** The chain of parents from a span up to its trace's root, or the id it could not resolve. */
function pathToRoot(trace: Map<string, ReceivedSpan>, span: ReceivedSpan): { root?: ReceivedSpan; missing?: string } {
  let current = span;
  for (let hops = 0; hops < 1_000; hops++) {
    if (!current.parentSpanId) return { root: current };
    const parent = trace.get(current.parentSpanId);
    if (!parent) return { missing: current.parentSpanId };
    current = parent;
  }
  return { missing: "a cycle" };
}

test("C73 a redeem order processed through the API is one trace: the request, its queries, the ledger post, the chain send and the webhook delivery the receiver joins by traceparent", async ({
  request,
}) => {
  test.setTimeout(240_000);
  const collector = new OtlpReceiver();
  const endpoint = await collector.start();
  const {
    instance: target,
    operator,
    stop,
  } = await startScratchInstance("tokenrail_e2e_traces", {
    ...SETTINGS,
    ...NO_OTEL,
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_BSP_SCHEDULE_DELAY: "200",
  });
  const receiver = new WebhookReceiver();
  try {
    const customer = await customerWithIbanOn(request, target, operator);
    await subscribe(request, target, receiver);
    await fund(request, target, customer);

    const placed = await request.post(`${target.baseUrl}/orders`, {
      headers: customer.partner,
      data: await redeemBody(customer.account, "12.5"),
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const order = (await placed.json()) as Order;
    const processed = await request.post(`${target.baseUrl}/sandbox/orders/${order.id}/process`, {
      headers: customer.partner,
    });
    expect(processed.status(), await processed.text()).toBe(200);
    expect(((await processed.json()) as Order).state).toBe("processed");
    const requestId = processed.headers()["x-request-id"];

    // The request's span, found by the request id it answered with: its trace is the one to follow.
    let requestSpan: ReceivedSpan | undefined;
    await expect
      .poll(() => (requestSpan = collector.spans.find((s) => s.attributes["tokenrail.request_id"] === requestId)), {
        timeout: 30_000,
      })
      .toBeDefined();
    expect(requestSpan!.service).toBe("tokenrail");
    expect(requestSpan!.name).toBe("POST /api/sandbox/orders/[orderId]/process");
    expect(requestSpan!.attributes["http.response.status_code"]).toBe(200);
    const traceId = requestSpan!.traceId;

    // The order's `order.updated` (processed) reaches the receiver with a traceparent of that trace.
    let delivery: Delivery | undefined;
    await expect
      .poll(
        () =>
          (delivery = receiver.of("order.updated").find((d) => orderOf(d) === order.id && stateOf(d) === "processed")),
        { timeout: 30_000 },
      )
      .toBeDefined();
    const carried = traceparentOf(delivery!);
    expect(carried.traceId).toBe(traceId);

    // Every span of the work wanted, in that trace, each reaching the trace's root through its parents, the
    // delivery's span being the one the receiver was told of.
    const wanted: [string, (s: ReceivedSpan) => boolean][] = [
      ["the request", (s) => s.spanId === requestSpan!.spanId],
      ["a database query", (s) => s.scope === "prisma" && s.name === "prisma:client:db_query"],
      [
        "the ledger post of the burn",
        (s) => s.name === "ledger post burn" && s.attributes["tokenrail.order_id"] === order.id,
      ],
      ["the chain send", (s) => s.name === "chain send burn" && s.attributes["tokenrail.order_id"] === order.id],
      ["the webhook delivery", (s) => s.name === "webhook deliver" && s.spanId === carried.spanId],
    ];
    const tree = () => {
      const trace = collector.trace(traceId);
      return wanted.map(([what, is]) => {
        const span = [...trace.values()].find(is);
        if (!span) return `${what}: not received`;
        const { root, missing } = pathToRoot(trace, span);
        return root ? `${what}: under ${root.name}` : `${what}: parent ${missing} not received`;
      });
    };
    await expect
      .poll(() => new Set(tree().map((line) => line.replace(/^[^:]*: /, ""))).size, { timeout: 30_000 })
      .toBe(1);
    const lines = tree();
    const rootName = lines[0]!.replace(/^[^:]*: under /, "");
    expect(lines).toEqual(wanted.map(([what]) => `${what}: under ${rootName}`));
    // One root: every span of the trace hangs from it.
    const trace = collector.trace(traceId);
    const roots = [...trace.values()].filter((s) => !s.parentSpanId);
    expect(roots.map((s) => s.name)).toEqual([rootName]);
    // The request's span, Next.js's own (when it sends any) above it, is in the chain from the delivery to the root.
    const chain: string[] = [];
    for (
      let s: ReceivedSpan | undefined = trace.get(carried.spanId);
      s;
      s = s.parentSpanId ? trace.get(s.parentSpanId) : undefined
    ) {
      chain.push(s.spanId);
    }
    expect(chain).toContain(requestSpan!.spanId);

    // Placing the order was a trace of its own, which its `order.created` delivery joined.
    const created = receiver.of("order.created").find((d) => orderOf(d) === order.id);
    expect(created).toBeDefined();
    const placedRequest = collector.spans.find(
      (s) => s.attributes["tokenrail.request_id"] === placed.headers()["x-request-id"],
    );
    expect(placedRequest?.name).toBe("POST /api/orders");
    expect(traceparentOf(created!).traceId).toBe(placedRequest!.traceId);
    expect(
      collector.spans.some(
        (s) =>
          s.traceId === placedRequest!.traceId &&
          s.name === "ledger post hold" &&
          s.attributes["tokenrail.order_id"] === order.id,
      ),
    ).toBe(true);

    // The request's log line carries its trace.
    const logged = target.server
      .output()
      .split("\n")
      .filter((line) => line.includes(`"reqId":"${requestId}"`) && line.includes('"msg":"request"'));
    expect(logged.length).toBe(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({ traceId, reqId: requestId });
    expect(receiver.unverified).toEqual([]);

    // A caller's own trace is continued: the request's spans are in it, under the caller's span.
    const callerTrace = randomBytes(16).toString("hex");
    const callerSpan = randomBytes(8).toString("hex");
    const read = await request.get(`${target.baseUrl}/orders/${order.id}`, {
      headers: { ...customer.partner, traceparent: `00-${callerTrace}-${callerSpan}-01` },
    });
    expect(read.status()).toBe(200);
    let readSpan: ReceivedSpan | undefined;
    await expect
      .poll(
        () =>
          (readSpan = collector.spans.find(
            (s) => s.attributes["tokenrail.request_id"] === read.headers()["x-request-id"],
          )),
        { timeout: 30_000 },
      )
      .toBeDefined();
    expect(readSpan!.traceId).toBe(callerTrace);
    await expect
      .poll(
        () =>
          [...collector.trace(callerTrace).values()]
            .filter((s) => !collector.trace(callerTrace).has(s.parentSpanId ?? ""))
            .map((s) => s.parentSpanId),
        { timeout: 30_000 },
      )
      .toEqual([callerSpan]);
  } finally {
    await receiver.stop();
    await stop();
    await collector.stop();
  }
});

test("C73 without an OTLP endpoint nothing is exported, deliveries carry no traceparent and logs no trace ids", async ({
  request,
}) => {
  test.setTimeout(180_000);
  // Listening where the exporter would send by default: an SDK started without an endpoint would be heard here.
  const collector = new OtlpReceiver();
  const listening = await collector.start(OTLP_DEFAULT_PORT).then(
    () => true,
    () => false,
  );
  const {
    instance: target,
    operator,
    stop,
  } = await startScratchInstance("tokenrail_e2e_traces_off", {
    ...SETTINGS,
    ...NO_OTEL,
    OTEL_SERVICE_NAME: "tokenrail-off",
    OTEL_BSP_SCHEDULE_DELAY: "200",
  });
  const receiver = new WebhookReceiver();
  try {
    const customer = await customerWithIbanOn(request, target, operator);
    await subscribe(request, target, receiver);
    await fund(request, target, customer);
    await expect.poll(() => receiver.of("order.created").length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(receiver.deliveries.map((d) => d.headers.traceparent)).toEqual(receiver.deliveries.map(() => undefined));
    // Longer than the batch delay an exporter would have waited.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (listening) expect(collector.requests).toBe(0);
    else test.info().annotations.push({ type: "note", description: `port ${OTLP_DEFAULT_PORT} busy: not listened on` });
    const requestLines = target.server
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"request"'));
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.filter((line) => line.includes('"traceId"'))).toEqual([]);
  } finally {
    await receiver.stop();
    await stop();
    await collector.stop().catch(() => undefined);
  }
});
