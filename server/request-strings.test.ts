import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";

/*
 * C42: every string a request can carry has a maximum length. Rather than a list of fields, this walks every zod schema
 * the server modules export (and the KYC details schema, which is built per clock) and names each string without a
 * `.max()`, so a schema added later cannot forget one. Route files take their path parameters from `pathParams`, which
 * bounds them; a string declared under app/ (routes, server actions) is read from the source and needs its `.max()`.
 */

const SERVER = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(SERVER);

/**
 * Exports that are not request input: the environment, and shapes the server sends rather than receives. Those live
 * in `*.responses.ts` files (skipped whole); the few listed here predate that rule.
 */
const NOT_REQUESTS = new Set([
  "config.ts",
  "oauth/context.schemas.ts#profileSummarySchema",
  "oauth/context.schemas.ts#authContextSchema",
  "oauth/token.schemas.ts#tokenResponseSchema",
  "http/openapi/document.ts#errorBodySchema",
]);

function sourceFiles(dir: string, extensions = [".ts"]): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === "generated" || entry.name === "testing" ? [] : sourceFiles(full, extensions);
    }
    const source = extensions.some((extension) => entry.name.endsWith(extension)) && !entry.name.includes(".test.");
    return source ? [full] : [];
  });
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as unknown as Def;
const isSchema = (value: unknown): value is z.core.$ZodType =>
  typeof value === "object" && value !== null && "_zod" in value;

/** Paths (from `at`) of the strings under `schema` that have no maximum length. */
export function unboundedStrings(schema: z.core.$ZodType, at = "", seen = new Set<z.core.$ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, where = at) => (isSchema(child) ? unboundedStrings(child, where, seen) : []);
  const join = (key: string | number) => (at ? `${at}.${key}` : String(key));
  switch (def.type) {
    case "string": {
      const max = (schema as unknown as { maxLength?: number | null }).maxLength;
      return typeof max === "number" && Number.isFinite(max) ? [] : [at || "(root)"];
    }
    case "object": {
      const shape = def.shape as Record<string, unknown>;
      return [...Object.entries(shape).flatMap(([key, child]) => walk(child, join(key))), ...walk(def.catchall)];
    }
    case "array":
      return walk(def.element, join("*"));
    case "tuple":
      return [...(def.items as unknown[]).flatMap((item, index) => walk(item, join(index))), ...walk(def.rest)];
    case "record":
      return [...walk(def.keyType, join("(key)")), ...walk(def.valueType, join("*"))];
    case "union":
      return (def.options as unknown[]).flatMap((option) => walk(option));
    case "intersection":
      return [...walk(def.left), ...walk(def.right)];
    case "pipe": {
      // What comes out of a bounded string is already bounded; anything else reaches `out` as it came in.
      const input = def.in as z.core.$ZodType;
      const fromBoundedString = defOf(input).type === "string" && unboundedStrings(input, at, new Set()).length === 0;
      return [...walk(input), ...(fromBoundedString ? [] : walk(def.out))];
    }
    case "lazy":
      return walk((def.getter as () => unknown)());
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
    case "success":
      return walk(def.innerType);
    default:
      return [];
  }
}

async function requestSchemas(): Promise<{ name: string; schema: z.core.$ZodType }[]> {
  const found: { name: string; schema: z.core.$ZodType }[] = [];
  for (const file of sourceFiles(SERVER)) {
    if (!fs.readFileSync(file, "utf8").includes('from "zod"')) continue;
    const relative = path.relative(SERVER, file).split(path.sep).join("/");
    if (NOT_REQUESTS.has(relative) || relative.endsWith(".responses.ts")) continue;
    const exported = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      const id = `${relative}#${name}`;
      if (isSchema(value) && !NOT_REQUESTS.has(id)) found.push({ name: id, schema: value });
    }
  }
  return found;
}

describe("C42: request strings are bounded", () => {
  it("C42: the walk notices a string without a maximum, wherever it sits", () => {
    const schema = z.object({
      ok: z.string().max(10),
      bare: z.string(),
      nested: z.array(z.object({ note: z.string().trim().optional() })),
      piped: z.preprocess((v) => v, z.string().pipe(z.email())),
      bounded: z.string().max(254).pipe(z.email()),
    });
    assert.deepEqual(unboundedStrings(schema), ["bare", "nested.*.note", "piped", "piped"]);
  });

  it("C42: every string of every request schema exported under server/ has a maximum length", async () => {
    const schemas = await requestSchemas();
    assert.ok(schemas.length > 40, `found only ${schemas.length} schemas`);
    const { createDetailsBodySchema } = await import("./profiles/kyc.schemas.ts");
    schemas.push({
      name: "profiles/kyc.schemas.ts#createDetailsBodySchema()",
      schema: createDetailsBodySchema(() => new Date()),
    });
    const problems = schemas.flatMap(({ name, schema }) => unboundedStrings(schema).map((at) => `${name}: ${at}`));
    assert.deepEqual(problems, []);
  });

  it("C42: files under app/ declare no string without a maximum (route path parameters come from pathParams)", () => {
    const files = sourceFiles(path.join(ROOT, "app"), [".ts", ".tsx"]);
    assert.ok(files.length > 80, `found only ${files.length} files under app/`);
    // A string declared in a route or server action has its `.max()` right after it (or is piped from one that has).
    const unbounded = /(?<!\.pipe\()\bz\.(?:string|email|url|uuid)\([^()]*\)(?!\.max\()/;
    const offenders = files
      .filter((file) => unbounded.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(ROOT, file));
    assert.deepEqual(offenders, []);
  });
});
