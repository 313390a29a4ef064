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
import {
  arbitraryFor,
  baselineFor,
  HOSTILE_CLASS,
  hostileStrings,
  shapeKeys,
  stringLeaves,
  withLeaf,
} from "./zod-arbitrary.ts";

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
    const encoded = encodeBody(operation, r.body);
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

/** The body as the route reads it: a form's fields as text, anything else as JSON. */
function encodeBody(operation: Operation, body: unknown): string | undefined {
  if (body === undefined) return undefined;
  if (operation.description.bodyKind === "form" && body && typeof body === "object" && !Array.isArray(body)) {
    return new URLSearchParams(
      Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")]),
    ).toString();
  }
  return JSON.stringify(body);
}

/**
 * The hostile class in every string field, one field at a time: a plausible body and query (a value the route's
 * schema accepts where one turns up, with the run's real ids), real ids in the path, and each string leaf of the
 * body and each query parameter in turn replaced by each value of `HOSTILE_CLASS`. The other fields being valid, the
 * value gets past the first check that would refuse anything, to whatever reads that field.
 */
function hostileFields(operation: Operation, real: Record<string, string>, runSeed: number): Generated[] {
  const { description } = operation;
  const reals = Object.values(real);
  let i = 0;
  const path = operation.pattern.replace(/\[[^\]]+\]/g, () => segment(reals[i++ % reals.length] ?? "x"));
  const body = description.body ? baselineFor(description.body, reals, runSeed) : undefined;
  const query = description.query ? baselineFor(description.query, reals, runSeed + 1) : {};
  const queryOf = (values: unknown) => {
    const search = new URLSearchParams();
    if (values && typeof values === "object") {
      for (const [key, value] of Object.entries(values)) {
        if (value !== undefined) search.append(key, typeof value === "string" ? value : JSON.stringify(value));
      }
    }
    return search.size > 0 ? `?${search.toString()}` : "";
  };
  const hasBody = operation.method !== "GET";
  const contentType = description.bodyKind === "form" ? "application/x-www-form-urlencoded" : "application/json";
  const request = (b: unknown, q: unknown): Generated => ({
    path: path === "/" ? "" : path,
    query: queryOf(q),
    body: hasBody ? encodeBody(operation, b) : undefined,
    contentType: hasBody ? contentType : undefined,
  });
  const out: Generated[] = [];
  for (const leaf of hasBody ? stringLeaves(body) : []) {
    for (const value of HOSTILE_CLASS) out.push(request(withLeaf(body, leaf, value), query));
  }
  for (const key of shapeKeys(description.query)) {
    // A query value is a URL's: the longest of the class would only test the request line's limit.
    for (const value of HOSTILE_CLASS.filter((v) => v.length <= 2_000)) {
      out.push(request(body, { ...(query as object), [key]: value }));
    }
  }
  return out;
}

/**
 * `count` requests for every implemented operation (and the hostile class in each of its string fields, with the
 * kind of caller it expects), and a few for paths no route serves.
 */
export async function generateRequests(seed: number, count: number, real: Record<string, string>) {
  const ops = await operations();
  const requests = ops.map((operation, index) => ({
    method: operation.method,
    pattern: operation.pattern,
    caller: operation.description.caller,
    generated: generate(operation, real, count, seed + index),
    hostileFields: hostileFields(operation, real, seed + index),
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
