// GET /readyz — readiness probe: the database answers, its schema is at this build's head, the instance is not stopping
import { readiness } from "@/server/instance/readiness.ts";

export async function GET() {
  const { ready, checks } = await readiness();
  return Response.json(
    { status: ready ? "ready" : "unavailable", checks },
    { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
