// GET /livez: constant JSON, as the app's own liveness probe.
export function GET() {
  return Response.json({ status: "ok" });
}
