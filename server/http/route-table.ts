import { API_ROUTES } from "./api-routes.generated.ts";

/** A route of the API as the file system declares it: `/webhooks/[subscription]`, and the methods it implements. */
export type ApiRoute = { pattern: string; allow: string };

/**
 * The routes as a tree of path segments, built once per table: at each node a literal segment's child, and the
 * child of a `[parameter]` segment; the route that ends there, if any.
 */
type Node = { literal: Map<string, Node>; parameter?: Node; route?: ApiRoute };

const trees = new WeakMap<readonly ApiRoute[], Node>();

function treeOf(routes: readonly ApiRoute[]): Node {
  let root = trees.get(routes);
  if (root) return root;
  root = { literal: new Map() };
  for (const route of routes) {
    let node = root;
    for (const part of route.pattern.split("/").filter(Boolean)) {
      if (part.startsWith("[")) node = node.parameter ??= { literal: new Map() };
      else {
        let next = node.literal.get(part);
        if (!next) node.literal.set(part, (next = { literal: new Map() }));
        node = next;
      }
    }
    node.route ??= route;
  }
  trees.set(routes, root);
  return root;
}

/**
 * The API route a path under the API prefix reaches, as Next.js chooses it: at each segment a literal name wins
 * over a `[parameter]`, and a parameter is taken only where the literal leads nowhere. Undefined when no route file
 * serves the path (the catch-all's 404). It runs for every request (the metrics' route label): one walk down the
 * tree, no allocation per route.
 */
export function apiRouteOf(path: string, routes: readonly ApiRoute[] = API_ROUTES): ApiRoute | undefined {
  return find(treeOf(routes), path.split("/").filter(Boolean), 0);
}

function find(node: Node, segments: string[], at: number): ApiRoute | undefined {
  if (at === segments.length) return node.route;
  const literal = node.literal.get(segments[at]!);
  const found = literal && find(literal, segments, at + 1);
  if (found) return found;
  return node.parameter && find(node.parameter, segments, at + 1);
}
