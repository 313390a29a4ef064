/** Next.js calls this once per server process, before the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootOrExit } = await import("./server/instance/boot.ts");
  await bootOrExit();
  const { applyEdgeRules } = await import("./server/http/edge-server.ts");
  applyEdgeRules();
}
