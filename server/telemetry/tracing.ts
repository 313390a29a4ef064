import {
  context,
  INVALID_SPAN_CONTEXT,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type SpanContext,
  type Tracer,
} from "@opentelemetry/api";

/**
 * The project's spans, through OpenTelemetry's API only. Without the SDK (traces not configured,
 * `server/telemetry/start-tracing.ts` never loaded) `inSpan` hands work the API's non-recording span: nothing is
 * made, recorded or sent.
 */
export function tracer(): Tracer {
  // The API's proxy tracer: it delegates to the SDK's once one is registered, whenever that is.
  return (holder.tracer ??= trace.getTracer("tokenrail"));
}

const holder: { tracer?: Tracer } = {};

// Set by `traceSpans()` on globalThis, where every bundle of the app (instrumentation, each route) sees it.
const tracing = globalThis as typeof globalThis & { __tokenrailSpans?: boolean };

/** What work gets as its span while traces are off: the API's non-recording span. */
const NOT_RECORDED = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * From now on `inSpan` makes spans through the registered tracer provider (server/telemetry/start-tracing.ts, once
 * the SDK is registered). Until then it hands work the non-recording span without asking the API for one.
 */
export function traceSpans(): void {
  tracing.__tokenrailSpans = true;
}

export { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, type Span };

type SpanOptions = {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The span's parent; by default the active one. */
  parent?: Context;
  links?: Link[];
};

/**
 * Runs `work` inside a new active span named `name`: it ends when the work does, with an error status (and the
 * exception recorded) when it throws.
 */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  if (!tracing.__tokenrailSpans) return work(NOT_RECORDED);
  const { parent = context.active(), kind, attributes, links } = options;
  return tracer().startActiveSpan(name, { kind, attributes, links }, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks a span failed by `error`. */
export function failed(span: Span, error: unknown): void {
  if (!span.isRecording()) return;
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const INVALID_TRACE = "0".repeat(32);
const INVALID_SPAN = "0".repeat(16);

/** A span context as a W3C `traceparent` header value (version 00). */
export function formatTraceparent(spanContext: SpanContext): string {
  const flags = (spanContext.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, "0");
  return `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
}

/**
 * The `traceparent` of the active span, to store beside work done later elsewhere (a webhook delivery, a chain
 * send) so that it joins this trace; null when no span is being recorded (traces off, or not sampled).
 */
export function activeTraceparent(): string | null {
  const span = trace.getActiveSpan();
  return span?.isRecording() ? formatTraceparent(span.spanContext()) : null;
}

/** The span context a stored `traceparent` names; undefined when there is none or it is not valid. */
export function spanContextOf(traceparent: string | null | undefined): SpanContext | undefined {
  const match = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!match) return undefined;
  const [, traceId = "", spanId = "", flags = "00"] = match;
  if (traceId === INVALID_TRACE || spanId === INVALID_SPAN) return undefined;
  return { traceId, spanId, traceFlags: parseInt(flags, 16), isRemote: true };
}

/**
 * The context work stored with a `traceparent` is done in: that trace's, so the work joins the trace that asked for
 * it; the active one when it names none (stored while traces were off).
 */
export function contextOf(traceparent: string | null | undefined): Context {
  const spanContext = spanContextOf(traceparent);
  return spanContext ? trace.setSpanContext(ROOT_CONTEXT, spanContext) : context.active();
}

/** Links to the traces stored `traceparent`s name (work done for several of them at once). */
export function linksTo(traceparents: readonly (string | null | undefined)[]): Link[] {
  return traceparents.flatMap((t) => {
    const spanContext = spanContextOf(t);
    return spanContext ? [{ context: spanContext }] : [];
  });
}

/** The trace and span ids a log line carries while a span is being recorded. */
export function traceFields(): { traceId: string; spanId: string } | Record<string, never> {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}
