/**
 * C44's requests, generated from the schemas every API route parses with (the descriptions its caller wrapper
 * attaches). Run by the fuzz test as its own process: route modules load with the app's own module resolution here,
 * which the test runner's loader does not reproduce for next-auth.
 *
 *   tsx e2e/fuzz/generate-requests.ts <seed> <per operation> '<{"name": "real id", …}>' <output.json>
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { apiRoutes } from "../../scripts/lib/api-routes.ts";
import { DESCRIPTION, type GuardedHandler, type RouteDescription } from "../../server/http/handler.ts";
import { arbitraryFor, hostileStrings, shapeKeys } from "./zod-arbitrary.ts";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type Operation = { pattern: string; method: string; description: RouteDescription };
export type Generated = { path: string; query: string; body?: string; contentType?: string };

/** Every implemented method of every route file, with what its wrapper says it accepts. */
async function operations(): Promise<Operation[]> {
  const found: Operation[] = [];
  for (const route of apiRoutes()) {
    const file = path.resolve("app/api", `.${route.pattern}`, "route.ts");
    const handlers = (await import(file)) as Record<string, GuardedHandler | undefined>;
    for (const method of METHODS) {
      if (!route.allow.split(", ").includes(method)) continue;
      const description = handlers[method]?.[DESCRIPTION];
      if (!description) throw new Error(`${method} ${route.pattern} is not built with a caller wrapper`);
      found.push({ pattern: route.pattern, method, description });
    }
  }
  return found;
}

/** A path segment as a client would send it; lone surrogates, which encodeURIComponent refuses, go as raw UTF-8. */
export function segment(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  try {
    return encodeURIComponent(text.slice(0, 2_000)) || "x";
  } catch {
    return "%ED%A0%80";
  }
}

function generate(operation: Operation, real: Record<string, string>, count: number, runSeed: number): Generated[] {
  const { description } = operation;
  const paramNames = [...operation.pattern.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!);
  const paramValue = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...Object.values(real)) },
    { weight: 3, arbitrary: description.params ? fc.constant(undefined) : hostileStrings },
    { weight: 2, arbitrary: hostileStrings },
  );
  const params = fc.tuple(...paramNames.map(() => paramValue), fc.constant(0));
  const queryKeys = shapeKeys(description.query);
  const queryValue = fc.oneof(fc.constantFrom(...Object.values(real)), hostileStrings, fc.string({ maxLength: 12 }));
  const query = fc.dictionary(fc.constantFrom(...queryKeys, "unknown", "limit", "cursor"), queryValue, { maxKeys: 4 });
  const body = description.body
    ? arbitraryFor(description.body)
    : fc.oneof(fc.constant(undefined), fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })));
  const malformed = fc.constantFrom("{", "[1,", "null", '"x"', "\u0000", "{}".repeat(10), "");
  const contentType = fc.constantFrom(
    description.bodyKind === "form" ? "application/x-www-form-urlencoded" : "application/json",
    "text/plain",
    "application/json; charset=utf-8",
    "multipart/form-data; boundary=x",
  );
  const request = fc.record({
    params,
    query,
    body,
    rawBody: fc.option(malformed, { freq: 8 }),
    contentType: fc.option(contentType, { freq: 4 }),
  });
  return fc.sample(request, { numRuns: count, seed: runSeed }).map((r) => {
    const values = r.params.slice(0, paramNames.length);
    let i = 0;
    const filled = operation.pattern.replace(/\[[^\]]+\]/g, () => {
      const value = values[i++];
      return segment(value === undefined ? (Object.values(real)[i % Object.values(real).length] ?? "x") : value);
    });
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(r.query)) search.append(key, value.slice(0, 4_000));
    const kind = description.bodyKind === "form" ? "form" : "json";
    const encoded =
      r.body === undefined
        ? undefined
        : kind === "form" && r.body && typeof r.body === "object" && !Array.isArray(r.body)
          ? new URLSearchParams(
              Object.entries(r.body).map(([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")]),
            ).toString()
          : JSON.stringify(r.body);
    const hasBody = operation.method !== "GET";
    return {
      path: filled === "/" ? "" : filled,
      query: search.size > 0 ? `?${search.toString()}` : "",
      body: hasBody ? (r.rawBody ?? encoded) : undefined,
      contentType: hasBody
        ? (r.contentType ?? (kind === "form" ? "application/x-www-form-urlencoded" : "application/json"))
        : undefined,
    };
  });
}

/** `count` requests for every implemented operation, and a few for paths no route serves. */
export async function generateRequests(seed: number, count: number, real: Record<string, string>) {
  const ops = await operations();
  const requests = ops.map((operation, index) => ({
    method: operation.method,
    pattern: operation.pattern,
    generated: generate(operation, real, count, seed + index),
  }));
  const unknownPaths = fc
    .sample(hostileStrings, { numRuns: 200, seed })
    .map((value): Generated => ({ path: `/${segment(value)}/x`, query: "" }));
  return { operations: requests, unknownPaths };
}

const [seedArg, countArg, realArg, output] = process.argv.slice(2);
if (output) {
  const result = await generateRequests(
    Number(seedArg),
    Number(countArg),
    JSON.parse(realArg ?? "{}") as Record<string, string>,
  );
  fs.writeFileSync(output, JSON.stringify(result));
}
