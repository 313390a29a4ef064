import type { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { traceSpans } from "./tracing.ts";
import { DEFAULT_SERVICE_NAME } from "./tracing-settings.ts";

const holder = globalThis as typeof globalThis & { __tokenrailTracing?: NodeTracerProvider };

/**
 * Starts exporting traces over OTLP/HTTP (JSON), configured by OpenTelemetry's standard variables: the endpoint
 * and its headers, timeout and compression (`OTEL_EXPORTER_OTLP_*`), the batch (`OTEL_BSP_*`), the sampler
 * (`OTEL_TRACES_SAMPLER`), the service name and resource (`OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`; the
 * service is `tokenrail` unless they name it). Spans follow the request's context (AsyncLocalStorage); a request
 * carrying a `traceparent` continues its caller's trace. Prisma's own spans (each query, each transaction) join
 * them. Called only when `tracingWanted()` says so, and the SDK's packages are loaded here, not where this file is
 * imported: with traces off none of them is in the process. Once per process.
 */
export async function startTracing(): Promise<void> {
  if (holder.__tokenrailTracing) return;
  const [{ OTLPTraceExporter }, resources, { BatchSpanProcessor, NodeTracerProvider }, prisma] = await Promise.all([
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/sdk-trace-node"),
    import("@prisma/instrumentation"),
  ]);
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ "service.name": DEFAULT_SERVICE_NAME }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  prisma.registerInstrumentations({ tracerProvider: provider, instrumentations: [new prisma.PrismaInstrumentation()] });
  holder.__tokenrailTracing = provider;
  traceSpans();
}

/** Sends the spans still waiting and stops exporting (the process is ending); nothing when traces are off. */
export async function stopTracing(): Promise<void> {
  const provider = holder.__tokenrailTracing;
  if (!provider) return;
  holder.__tokenrailTracing = undefined;
  await provider.shutdown();
}
