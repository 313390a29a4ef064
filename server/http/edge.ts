import { AppError } from "../errors.ts";
import { apiRouteOf } from "./route-table.ts";

/** The methods the app's handlers implement; anything else is refused before routing. */
const IMPLEMENTED = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Screens answer GET (and HEAD); their forms and server actions POST. */
const SCREEN_METHODS = "GET, HEAD, POST";

/** `%00` in any spelling: PostgreSQL cannot store a NUL character in text. */
const ENCODED_NUL = /%00/i;

export type EdgeRequest = {
  method: string;
  pathname: string;
  search: string;
  environment: "sandbox" | "production";
  apiPrefix: string;
};

/**
 * The refusals every request meets before routing, the same for every route (C40, C41):
 * - a path that is not valid percent-encoding (it cannot become route parameters) or carries a NUL, and a query
 *   carrying a NUL: 400, whatever the route would have done with them;
 * - a method no handler implements (TRACE, PROPFIND, …): 405 with the route's own `Allow`, or 404 where there is no
 *   such route or where the route does not show itself (the admin API to everyone; the simulator in production).
 * Undefined: the request goes on to its route.
 */
export function edgeRefusal(request: EdgeRequest): AppError | undefined {
  const { method, pathname, search } = request;
  // Only a percent sign can hide a NUL (the HTTP parser refuses a raw one), so most paths skip the decoding.
  if (pathname.includes("%")) {
    let path: string;
    try {
      path = decodeURIComponent(pathname);
    } catch {
      return new AppError("BAD_REQUEST", "The path is not valid percent-encoding");
    }
    if (path.includes("\u0000")) return new AppError("BAD_REQUEST", "The path contains a NUL character");
  }
  if (ENCODED_NUL.test(search)) return new AppError("BAD_REQUEST", "The query contains a NUL character");
  if (IMPLEMENTED.has(method)) return undefined;

  const api = request.apiPrefix;
  if (pathname !== api && !pathname.startsWith(`${api}/`)) return methodNotAllowed(method, SCREEN_METHODS);
  const inApi = pathname.slice(api.length) || "/";
  const route = apiRouteOf(inApi);
  const hidden = inApi.startsWith("/admin/") || (request.environment === "production" && inApi.startsWith("/sandbox/"));
  if (!route || hidden) return new AppError("NOT_FOUND", "No such endpoint");
  return methodNotAllowed(method, route.allow);
}

function methodNotAllowed(method: string, allow: string): AppError {
  return new AppError("METHOD_NOT_ALLOWED", `Method ${method} is not allowed here; use ${allow}`, undefined, { allow });
}
