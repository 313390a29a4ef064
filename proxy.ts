import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/server/config";
import { contentSecurity } from "@/server/http/content-security";

/** The header that tells console layouts which page was asked for (so sign-in can return to it). */
export const PATH_HEADER = "x-tokenrail-path";

/**
 * Runs before routing, for two kinds of request only:
 * - API paths carrying a percent sign. A path that is not valid percent-encoding (`/api/ibans/%ZZ`) cannot be
 *   decoded into route parameters; the framework would answer a plain-text 500. It is the caller's mistake: 400 in
 *   the spec's error body.
 * - Pages: each gets its Content-Security-Policy with a fresh nonce (C45), on the request so that Next.js puts the
 *   nonce on its scripts, and on the response. Console pages also learn the path they were asked for (a layout is
 *   not told it).
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith("/api/")) {
    try {
      decodeURIComponent(pathname);
    } catch {
      return NextResponse.json(
        { code: 400, status: "Bad Request", message: "The path is not valid percent-encoding" },
        { status: 400 },
      );
    }
    return NextResponse.next();
  }
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
  matcher: ["/api/:path(.*%.*)", "/((?!api/|_next/static/|_next/image|web-auth/|livez$|favicon\\.ico$).*)"],
};
