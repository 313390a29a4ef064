import { apiRouteOf } from "./route-table.ts";

/** The screens' top-level paths: a label each; anything else is `other`, so labels stay few whatever is requested. */
const SCREENS = new Set([
  "applications",
  "authorize",
  "demo",
  "developers",
  "docs",
  "operator",
  "sandbox",
  "set-password",
  "sign-in",
  "web-auth",
]);
const PROBES = new Set(["/livez", "/readyz", "/metrics"]);

/**
 * The label a request's metrics carry: the API route's pattern (`/api/orders/[orderId]`), a probe, the static
 * assets, a screen area (`/authorize/*`) or `other`. Never the raw path, whose ids would make a series each.
 */
export function routeLabel(path: string, apiPrefix: string): string {
  if (path === apiPrefix || path.startsWith(`${apiPrefix}/`)) {
    const route = apiRouteOf(path.slice(apiPrefix.length) || "/");
    return route ? `${apiPrefix}${route.pattern === "/" ? "" : route.pattern}` : `${apiPrefix}/*`;
  }
  if (PROBES.has(path)) return path;
  if (path === "/") return "/";
  if (path.startsWith("/_next/")) return "/_next/*";
  const first = path.split("/")[1] ?? "";
  return SCREENS.has(first) ? `/${first}/*` : "other";
}
