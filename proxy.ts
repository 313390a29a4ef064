import { NextResponse, type NextRequest } from "next/server";

/**
 * Runs before routing, for the API only. A path that is not valid percent-encoding (`/api/ibans/%ZZ`) cannot be
 * decoded into route parameters; the framework would answer a plain-text 500. It is the caller's mistake: 400 in the
 * spec's error body.
 */
export function proxy(request: NextRequest) {
  try {
    decodeURIComponent(request.nextUrl.pathname);
  } catch {
    return NextResponse.json(
      { code: 400, status: "Bad Request", message: "The path is not valid percent-encoding" },
      { status: 400 },
    );
  }
  return NextResponse.next();
}

// Only paths carrying a percent sign: every other request skips the proxy entirely.
export const config = { matcher: ["/api/:path(.*%.*)"] };
