import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/server/config";
import { contentSecurity } from "@/server/http/content-security";

/** The header that tells console layouts which page was asked for (so sign-in can return to it). */
export const PATH_HEADER = "x-tokenrail-path";

/**
 * Runs before routing, for pages only. Each gets its Content-Security-Policy with a fresh nonce (C45), on the request
 * so that Next.js puts the nonce on its scripts, and on the response; console pages also learn the path they were
 * asked for (a layout is not told it). Not the API: a proxy has every request body it sees buffered in memory, and
 * the rules every request meets (bad bytes, unknown methods) are applied earlier, by the HTTP server itself
 * (`server/http/edge-server.ts`).
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const headers = new Headers(request.headers);
  headers.set(PATH_HEADER, `${pathname}${search}`);
  const config = getConfig();
  const csp = contentSecurity(pathname, {
    apiOrigin: new URL(config.baseUrl).origin,
    walletConnect: config.walletConnectProjectId !== undefined,
    development: process.env.NODE_ENV === "development",
  });
  if (csp) headers.set("content-security-policy", csp.policy);
  const response = NextResponse.next({ request: { headers } });
  if (csp) response.headers.set("content-security-policy", csp.policy);
  return response;
}

export const config = {
  // Not the route handlers that take bodies: uploads (`/authorize/files`) must stream, and the demo receiver too.
  matcher: [
    "/((?!api/|_next/static/|_next/image|web-auth/|livez$|readyz$|metrics$|favicon\\.ico$|authorize/files$|demo/webhooks$).*)",
  ],
};
