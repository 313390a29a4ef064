import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { TraceFlags } from "@opentelemetry/api";
import { activeTraceparent, formatTraceparent, inSpan, spanContextOf } from "./tracing.ts";
import { tracingWanted } from "./tracing-settings.ts";

describe("tracing settings", () => {
  it("exports traces only when an OTLP endpoint is set and nothing turns them off", () => {
    assert.equal(tracingWanted({}), false);
    assert.equal(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "" }), false);
    assert.equal(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }), true);
    assert.equal(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" }), true);
    assert.equal(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_SDK_DISABLED: "true" }), false);
    assert.equal(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_TRACES_EXPORTER: "none" }), false);
    assert.equal(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_TRACES_EXPORTER: "otlp" }), true);
  });
});

describe("traceparent", () => {
  it("reads and writes W3C trace context, version 00", () => {
    const header = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    const spanContext = spanContextOf(header);
    assert.deepEqual(spanContext, {
      traceId: "0af7651916cd43dd8448eb211c80319c",
      spanId: "b7ad6b7169203331",
      traceFlags: TraceFlags.SAMPLED,
      isRemote: true,
    });
    assert.equal(formatTraceparent(spanContext), header);
  });

  it("refuses what is not a valid one", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "00-00000000000000000000000000000000-b7ad6b7169203331-01",
      "00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01",
      "01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
      "00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01",
      "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331",
    ]) {
      assert.equal(spanContextOf(bad), undefined, String(bad));
    }
  });

  it("with traces off, spans are the API's no-op ones: nothing is recorded and no context is stored", async () => {
    const answer = await inSpan("work", {}, (span) => {
      assert.equal(span.isRecording(), false);
      assert.equal(activeTraceparent(), null);
      return Promise.resolve(42);
    });
    assert.equal(answer, 42);
    await assert.rejects(
      inSpan("failing", {}, () => Promise.reject(new Error("refused"))),
      /refused/,
    );
  });
});
