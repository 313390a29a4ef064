import fs from "node:fs";
import path from "node:path";
import { DESCRIPTION, type GuardedHandler, type RouteDescription } from "../../server/http/handler.ts";
import { API_DIR, apiRoutes } from "./api-routes.ts";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** One implemented method of one API route: what its caller wrapper says it accepts, and its route file's summary. */
export type ApiOperation = { pattern: string; method: string; description: RouteDescription; summary: string };

/**
 * A route file's first line names its operations: `// GET /orders — a profile's orders; POST /orders — place one`
 * (or `PATCH|PUT /x — …`, `GET /auth (query) and POST /auth (form) — …`). The summary of `method` is the text after
 * the dash of the part that names it.
 */
export function summaryOf(source: string, method: string): string {
  const first = (source.split("\n", 1)[0] ?? "").replace(/^\/\/\s*/, "");
  for (const part of first.split(/;\s+/)) {
    const [head = "", ...rest] = part.split(" — ");
    const named: string[] = head.match(/\b(GET|POST|PUT|PATCH|DELETE)\b/g) ?? [];
    if (rest.length > 0 && named.includes(method)) {
      return rest.join(" — ").trim();
    }
  }
  return "";
}

/**
 * Every implemented method of every route file under app/api, with the description its wrapper attached. The route
 * modules are imported, so this runs in a tsx process (the app's own module resolution), not in the test runner.
 */
export async function apiOperations(root = process.cwd()): Promise<ApiOperation[]> {
  const found: ApiOperation[] = [];
  for (const route of apiRoutes(root)) {
    const file = path.resolve(root, API_DIR, `.${route.pattern}`, "route.ts");
    const source = fs.readFileSync(file, "utf8");
    const handlers = (await import(file)) as Record<string, GuardedHandler | undefined>;
    for (const method of METHODS) {
      if (!route.allow.split(", ").includes(method)) continue;
      const description = handlers[method]?.[DESCRIPTION];
      if (!description) throw new Error(`${method} ${route.pattern} is not built with a caller wrapper`);
      found.push({ pattern: route.pattern, method, description, summary: summaryOf(source, method) });
    }
  }
  return found;
}
