import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { after, before, describe, it } from "node:test";
import { context, trace } from "@opentelemetry/api";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { inSpan, traceSpans } from "../telemetry/tracing.ts";
import { createLogger } from "./logger.ts";

/** A logger writing into an array, one parsed JSON line each. */
function capture(traced: boolean) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger({ level: "info", traced }, sink), lines };
}

describe("the logger with traces exported", () => {
  const provider = new NodeTracerProvider();
  before(() => {
    provider.register();
    traceSpans();
  });
  after(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
  });

  it("gives each line written inside a span that span's trace and span ids, and none outside", async () => {
    const { log, lines } = capture(true);
    let ids = { traceId: "", spanId: "" };
    await inSpan("request", {}, (span) => {
      ids = span.spanContext();
      log.child({ reqId: "req-1" }).info("inside");
      return Promise.resolve();
    });
    log.info("outside");
    assert.match(ids.traceId, /^[0-9a-f]{32}$/);
    assert.equal(lines[0]?.traceId, ids.traceId);
    assert.equal(lines[0]?.spanId, ids.spanId);
    assert.equal(lines[0]?.reqId, "req-1");
    assert.equal(lines[1]?.msg, "outside");
    assert.equal("traceId" in lines[1], false);
  });

  it("writes no trace fields when traces are not exported", async () => {
    const { log, lines } = capture(false);
    await inSpan("request", {}, () => {
      log.info("inside");
      return Promise.resolve();
    });
    assert.equal("traceId" in lines[0]!, false);
  });
});
