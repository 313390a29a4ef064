/**
 * Whether this process exports traces, from OpenTelemetry's own variables: an OTLP endpoint is set
 * (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or `OTEL_EXPORTER_OTLP_ENDPOINT`), and neither `OTEL_SDK_DISABLED=true` nor
 * `OTEL_TRACES_EXPORTER=none` turns them off. The SDK reads every other `OTEL_*` variable itself.
 */
export function tracingWanted(env: Record<string, string | undefined> = process.env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint) return false;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? "").split(",").map((name) => name.trim().toLowerCase());
  return !exporters.includes("none");
}

/** The service name spans carry unless `OTEL_SERVICE_NAME` (or `service.name` in `OTEL_RESOURCE_ATTRIBUTES`) says. */
export const DEFAULT_SERVICE_NAME = "tokenrail";
