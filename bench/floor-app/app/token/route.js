import { randomUUID } from "node:crypto";

// POST /token: the least a token endpoint does in a Next.js route handler. It reads the form body and answers JSON of
// a token response's size with the headers Tokenrail's sends, and checks nothing, signs nothing, logs nothing.
export async function POST(request) {
  const form = new URLSearchParams(await request.text());
  const body = {
    access_token: `tr1.${"x".repeat(180)}.${"y".repeat(43)}`,
    token_type: "Bearer",
    expires_in: 3600,
    profile: form.get("client_id"),
    userId: randomUUID(),
  };
  return Response.json(body, {
    headers: {
      "x-request-id": randomUUID(),
      "cache-control": "no-store",
      pragma: "no-cache",
      "access-control-allow-origin": "*",
    },
  });
}
