import { API_ROUTES } from "./api-routes.generated.ts";

/** A route of the API as the file system declares it: `/webhooks/[subscription]`, and the methods it implements. */
export type ApiRoute = { pattern: string; allow: string };

/**
 * The API route a path under the API prefix reaches, as Next.js chooses it: at each segment a literal name wins
 * over a `[parameter]`. Undefined when no route file serves the path (the catch-all's 404).
 */
export function apiRouteOf(path: string, routes: readonly ApiRoute[] = API_ROUTES): ApiRoute | undefined {
  const segments = path.split("/").filter(Boolean);
  let best: { route: ApiRoute; rank: string } | undefined;
  for (const route of routes) {
    const parts = route.pattern.split("/").filter(Boolean);
    if (parts.length !== segments.length) continue;
    let rank = "";
    let matches = true;
    for (let i = 0; i < parts.length && matches; i++) {
      const part = parts[i]!;
      if (part.startsWith("[")) rank += "1";
      else if (part === segments[i]) rank += "0";
      else matches = false;
    }
    if (matches && (!best || rank < best.rank)) best = { route, rank };
  }
  return best?.route;
}
