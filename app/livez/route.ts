// GET /livez — liveness probe: the process answers; constant, touches nothing
export function GET() {
  return Response.json({ status: "ok" });
}
