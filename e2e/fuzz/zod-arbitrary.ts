import fc from "fast-check";
import type { z } from "zod";

/**
 * fast-check arbitraries from the zod schemas the routes parse with (C44): values shaped like what the schema asks
 * for, mixed with what an attacker sends instead — wrong types, missing and extra fields, hostile and huge strings.
 */

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Strings that have broken parsers and databases before. */
export const hostileStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "😀",
  "\u202e\u0301",
  "' OR '1'='1",
  '\'; DROP TABLE "Profile"; --',
  "../../../../etc/passwd",
  "%00",
  "%ZZ",
  "<script>alert(1)</script>",
  "${jndi:ldap://x}",
  "__proto__",
  "constructor",
  "NaN",
  "-1",
  "1e309",
  "0x",
  "9".repeat(400),
  "é".repeat(5_000),
  "A".repeat(20_000),
);

/**
 * The class of hostile text every string field of every route gets, one field at a time in an otherwise plausible
 * request (C40, C42; issue 31: an IBAN of "short", an emoji or a bidi override reached the camt writer): NUL,
 * unpaired surrogates, bidi overrides and isolates, emoji, control characters, over-long text, a short non-value.
 */
export const HOSTILE_CLASS: readonly string[] = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "\u202e",
  "rtl\u202eevil",
  "\u2066x\u2069",
  "\u200f",
  "😀",
  "a😀b",
  "\u0007\u001b[2J",
  "short",
  "é".repeat(5_000),
  "A".repeat(20_000),
];

/** Values plausible somewhere in this API, so that some requests get past the first check. */
const plausibleStrings = fc.constantFrom(
  "eur",
  "EUR",
  "usd",
  "gbp",
  "isk",
  "ethereum",
  "sepolia",
  "gnosis",
  "polygon",
  "amoy",
  "chiado",
  "arbitrum",
  "noble",
  "1",
  "1.00",
  "0.01",
  "14999.99",
  "1000000000000",
  "redeem",
  "issue",
  "corporate",
  "personal",
  "approved",
  "pending",
  "processed",
  "active",
  "inactive",
  "order.created",
  "iban.updated",
  "jane@example.com",
  "2026-01-01",
  "2026-01-01T00:00:00Z",
  "0x0000000000000000000000000000000000000000",
  "0x4f1a3f0e8c5e4c1a9d7e2b4a1c3d5e018c5e4c1a",
  "0x" + "ab".repeat(65),
  "GB33BUKB20201555555555",
  "IS140159260076545510730339",
  "6f1a3f0e-8c5e-4c1a-9d7e-2b4a1c3d5e01",
  "http://127.0.0.1:9/hook",
  "https://localhost:9/hook",
  "Send EUR 1.00 to GB33BUKB20201555555555 at 2026-01-01T00:00:00Z",
  "I hereby declare that I am the address owner.",
);

const wrongTypes = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant([]),
  fc.constant({}),
  fc.constant([["nested"]]),
);

const anyString = fc.oneof(
  { weight: 3, arbitrary: plausibleStrings },
  { weight: 3, arbitrary: hostileStrings },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: "binary" }) },
);

const ATTACK_KEYS = ["state", "balance", "profile", "id", "__proto__", "userId", "applicationId", "meta"];

/** An arbitrary for `schema`, `depth` bounding recursion. */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => arbitraryFor(def[key] as z.ZodType, depth + 1);
  const or = (arbitrary: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 6, arbitrary }, { weight: 1, arbitrary: wrongTypes }, { weight: 1, arbitrary: hostileStrings });
  if (depth > 6) return wrongTypes;
  switch (def.type) {
    case "string":
      return or(anyString);
    case "number":
    case "int":
    case "bigint":
      return or(fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1, 2 ** 53, 1e308)));
    case "boolean":
      return or(fc.boolean());
    case "literal":
      return or(fc.constantFrom(...(def.values as unknown[])));
    case "enum":
      return or(fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return fc.oneof(inner("innerType"), fc.constant(undefined));
    case "pipe":
      return inner("in");
    case "lazy":
      return arbitraryFor((def.getter as () => z.ZodType)(), depth + 1);
    case "array":
      return or(fc.array(inner("element"), { maxLength: 4 }));
    case "tuple":
      return or(fc.tuple(...(def.items as z.ZodType[]).map((item) => arbitraryFor(item, depth + 1))));
    case "union":
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => arbitraryFor(option, depth + 1)));
    case "intersection":
      return fc.tuple(inner("left"), inner("right")).map(([a, b]) => (isObject(a) && isObject(b) ? { ...a, ...b } : a));
    case "record":
      return or(fc.dictionary(anyString.map(String), inner("valueType"), { maxKeys: 3 }));
    case "object":
      return or(objectArbitrary(def.shape as Record<string, z.ZodType>, depth));
    default:
      return fc.oneof(anyString, wrongTypes);
  }
}

function objectArbitrary(shape: Record<string, z.ZodType>, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, arbitraryFor(value, depth + 1)]));
  const keys = Object.keys(fields);
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.subarray(keys),
      fc.dictionary(fc.constantFrom(...ATTACK_KEYS), fc.oneof(anyString, wrongTypes), { maxKeys: 2 }),
    )
    .map(([values, kept, extra]) => {
      // Usually every field is there (past the "required" checks); sometimes some are dropped, or extra ones sent.
      const out: Record<string, unknown> = {};
      for (const key of keys) if (kept.length === keys.length || kept.includes(key)) out[key] = values[key];
      return Object.keys(extra).length > 0 && kept.length % 3 === 0 ? { ...out, ...extra } : out;
    });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The field names of an object schema (query parameters), or none. */
export function shapeKeys(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = defOf(schema);
  if (def.type === "object") return Object.keys(def.shape as Record<string, unknown>);
  if (def.type === "pipe") return shapeKeys(def.in as z.ZodType);
  if (["optional", "default", "nullable"].includes(def.type)) return shapeKeys(def.innerType as z.ZodType);
  return [];
}

/**
 * Values `schema` is likely to accept: plausible strings and the run's real ids, every field of an object present,
 * no wrong types. The baseline a request with one hostile field is made from.
 */
export function plausibleFor(schema: z.ZodType, real: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => plausibleFor(def[key] as z.ZodType, real, depth + 1);
  if (depth > 6) return fc.constant(undefined);
  switch (def.type) {
    case "string":
      return real.length > 0 ? fc.oneof(plausibleStrings, fc.constantFrom(...real)) : plausibleStrings;
    case "number":
    case "int":
      return fc.integer({ min: 0, max: 100 });
    case "bigint":
      return fc.bigInt({ min: 0n, max: 100n });
    case "boolean":
      return fc.boolean();
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return inner("innerType");
    case "pipe":
      return inner("in");
    case "lazy":
      return plausibleFor((def.getter as () => z.ZodType)(), real, depth + 1);
    case "array":
      return fc.array(inner("element"), { minLength: 1, maxLength: 2 });
    case "tuple":
      return fc.tuple(...(def.items as z.ZodType[]).map((item) => plausibleFor(item, real, depth + 1)));
    case "union":
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => plausibleFor(option, real, depth + 1)));
    case "intersection":
      return fc.tuple(inner("left"), inner("right")).map(([a, b]) => (isObject(a) && isObject(b) ? { ...a, ...b } : a));
    case "record":
      return fc.dictionary(plausibleStrings, inner("valueType"), { minKeys: 1, maxKeys: 1 });
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields = Object.entries(shape).map(([key, value]) => [key, plausibleFor(value, real, depth + 1)] as const);
      return fc.record(Object.fromEntries(fields));
    }
    default:
      return plausibleStrings;
  }
}

/**
 * A value `schema` accepts if one turns up among `tries` plausible samples, else the first sample. An object is
 * built field by field (each field's own value searched for), so that a body of many fields still comes out valid.
 */
export function baselineFor(schema: z.ZodType, real: readonly string[], seed: number, tries = 300): unknown {
  const def = defOf(schema);
  if (def.type === "object") {
    const shape = def.shape as Record<string, z.ZodType>;
    const fields = Object.entries(shape).map(([key, field], i) => [key, baselineFor(field, real, seed + i, tries)]);
    const built = Object.fromEntries(fields) as Record<string, unknown>;
    if (schema.safeParse(built).success) return built;
  }
  if (["optional", "nullable", "default", "prefault", "readonly"].includes(def.type)) {
    return baselineFor(def.innerType as z.ZodType, real, seed, tries);
  }
  const samples = fc.sample(plausibleFor(schema, real), { numRuns: tries, seed });
  return samples.find((sample) => schema.safeParse(sample).success) ?? samples[0];
}

/** The paths of the string leaves of a value (object fields and array items, nested). */
export function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, [...path, index]));
  if (isObject(value)) return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

/** `value` with the leaf at `path` replaced (a copy; `value` is left as it is). */
export function withLeaf(value: unknown, path: readonly (string | number)[], leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  if (Array.isArray(value)) {
    return (value as unknown[]).map((item, index) => (index === head ? withLeaf(item, rest, leaf) : item));
  }
  if (isObject(value)) return { ...value, [head]: withLeaf(value[head], rest, leaf) };
  return value;
}
