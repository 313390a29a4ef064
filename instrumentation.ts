/** Next.js calls this once per server process, before the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootOrExit } = await import("./server/instance/boot.ts");
  // The mail layout is presentation (React): the app hands it to the domain's mail worker.
  const { renderMail } = await import("./components/mail/render-mail.tsx");
  await bootOrExit({ renderMail });
  const { applyEdgeRules } = await import("./server/http/edge-server.ts");
  applyEdgeRules();
}
