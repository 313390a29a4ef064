/** Next.js calls this once per server process, before the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Traces first, so that everything after (the boot's own work, every request) is traced. The SDK is loaded only
  // when an OTLP endpoint is configured; otherwise the code's spans are OpenTelemetry's non-recording one.
  const { tracingWanted } = await import("./server/telemetry/tracing-settings.ts");
  if (tracingWanted()) {
    const { startTracing, stopTracing } = await import("./server/telemetry/start-tracing.ts");
    await startTracing();
    const { onShutdown } = await import("./server/instance/shutdown.ts");
    onShutdown(stopTracing);
  }
  const { bootOrExit } = await import("./server/instance/boot.ts");
  // The mail layout is presentation (React): the app hands it to the domain's mail worker.
  const { renderMail } = await import("./components/mail/render-mail.tsx");
  await bootOrExit({ renderMail });
  const { applyEdgeRules } = await import("./server/http/edge-server.ts");
  applyEdgeRules();
}
