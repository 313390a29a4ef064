import { randomUUID } from "node:crypto";

const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** A caller's `X-Request-Id` is kept when it is safe to log; otherwise the request gets a fresh one. */
export function requestIdOf(req: Request): string {
  return requestIdFrom(req.headers);
}

/** The same for a request whose headers alone are at hand (a server action reads them with `headers()`). */
export function requestIdFrom(headers: Pick<Headers, "get">): string {
  const given = headers.get("x-request-id");
  return given && SAFE_ID.test(given) ? given : randomUUID();
}
