// POST /demo/webhooks — the demo integrator's webhook receiver (sandbox): accepts every delivery with 204
import { getConfig } from "@/server/config";
import { demoReceiverUrl } from "@/server/instance/demo-receiver";

export function POST(): Response {
  if (!demoReceiverUrl(getConfig())) {
    return Response.json({ code: 404, status: "Not Found", message: "Not found" }, { status: 404 });
  }
  return new Response(null, { status: 204 });
}
