import { NextResponse, type NextRequest } from "next/server";

/** The header that tells console layouts which page was asked for (so sign-in can return to it). */
export const PATH_HEADER = "x-tokenrail-path";

/**
 * Runs before routing, for console pages only: they learn the path they were asked for (a layout is not told it).
 * The rules every request meets (bad bytes, unknown methods) are applied earlier, by the HTTP server itself
 * (`server/http/edge-server.ts`); a proxy would buffer every request body it sees.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const headers = new Headers(request.headers);
  headers.set(PATH_HEADER, `${pathname}${search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/operator", "/operator/:path*", "/developers", "/developers/:path*", "/sandbox"],
};
