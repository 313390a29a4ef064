import { z } from "zod";
import type { Clock } from "../clock.ts";
import { UUID_PATTERN } from "../ids.ts";
import { MAX_EMAIL, MAX_NAME } from "../limits.ts";
import type { CodeTable } from "./kyc-codes.ts";

/*
 * The field builders the KYC bodies are made of (kyc.schemas.ts): each refuses bad input with a message the screens
 * can show next to the field. No I/O and no server-only imports, so screens can reuse them.
 */

export const isMissing = (input: unknown) => input === undefined || input === null;

/** Required text, trimmed; blank counts as missing. At most `max` characters (C42), checked before anything else. */
export function text(label: string, max = MAX_NAME) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? `${label} is missing` : `${label} must be text`) })
    .trim()
    .min(1, { error: `${label} is missing`, abort: true })
    .max(max, { error: `${label} exceeds ${max} characters`, abort: true });
}

/** An optional field: absent, null and blank text all mean "not given" (the key is then left out of the output). */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    schema.optional(),
  );
}

export const optionalText = (label: string, max?: number) => optional(text(label, max));

export function object<T extends z.core.$ZodLooseShape>(label: string, shape: T) {
  return z.object(shape, {
    error: (issue) => (isMissing(issue.input) ? `${label} is missing` : `${label} must be an object`),
  });
}

export function list<T extends z.ZodType>(label: string, item: T) {
  return z.array(item, {
    error: (issue) => (isMissing(issue.input) ? `${label} are missing` : `${label} must be a list`),
  });
}

export function flag(label: string) {
  return z.boolean({
    error: (issue) => (isMissing(issue.input) ? `${label} is missing` : `${label} must be true or false`),
  });
}

/** `T` with every key that may hold undefined made optional instead. */
export type Compact<T> = {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
} & { [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined> } extends infer U
  ? { [K in keyof U]: U[K] }
  : never;

/** Drops keys whose value is undefined, so outputs compare and serialise without empty optional keys. */
export function compact<T extends object>(value: T): Compact<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Compact<T>;
}

export function uuid(label: string) {
  return text(label).toLowerCase().regex(UUID_PATTERN, `${label} must be a UUID`);
}

/**
 * Regions ICU names that are not ISO 3166-1 alpha-2 country codes: groupings (EU, UN), withdrawn codes (SU, YU, AN),
 * exceptionally reserved ones (UK, AC, IC) and pseudo-regions. XK (Kosovo) stays: banks use it.
 */
const NOT_COUNTRIES = new Set(
  "AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB YD YU ZR ZZ".split(" "),
);
const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** Whether `code` is an assigned ISO 3166-1 alpha-2 code (ICU echoes unknown codes back instead of naming them). */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && regionNames.of(code) !== code;
}

export function country(label: string) {
  return text(label).toUpperCase().refine(isCountryCode, "Not an ISO 3166-1 alpha-2 country code");
}

/** A real calendar date in YYYY-MM-DD; with a clock, not after today anywhere on Earth (UTC+14). */
export function calendarDate(label: string, notAfterToday?: Clock) {
  return text(label).superRefine((value, ctx) => {
    const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!parts) {
      ctx.addIssue({ code: "custom", message: "Use YYYY-MM-DD", input: value });
      return;
    }
    const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
      ctx.addIssue({ code: "custom", message: `${value} is not a calendar date (use YYYY-MM-DD)`, input: value });
      return;
    }
    if (notAfterToday) {
      const latestToday = new Date(notAfterToday().getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
      if (value > latestToday) ctx.addIssue({ code: "custom", message: `${label} is in the future`, input: value });
    }
  });
}

export function phone() {
  return text("Phone")
    .transform((value) => value.replace(/[\s().-]/g, ""))
    .refine((value) => /^\+[1-9]\d{6,14}$/.test(value), "Use the international format, e.g. +3548888888");
}

export const email = () => text("Email", MAX_EMAIL).pipe(z.email("Not a valid email address"));

/**
 * A value from a fixed list. `table` maps each canonical spelling to the other spellings accepted for it; the output is
 * always the canonical one.
 */
export function code<T extends CodeTable>(label: string, table: T, options: { unknown: string; upperCase?: boolean }) {
  const lookup = new Map<string, keyof T & string>();
  for (const [canonical, aliases] of Object.entries(table)) {
    for (const spelling of [canonical, ...aliases]) lookup.set(spelling, canonical);
  }
  const codes = Object.keys(table);
  const unknown = codes.length <= 6 ? `${options.unknown}: use ${codes.join(", ")}` : options.unknown;
  return text(label).transform((value, ctx) => {
    const found = lookup.get(options.upperCase ? value.toUpperCase() : value);
    if (found === undefined) {
      ctx.addIssue({ code: "custom", message: unknown, input: value });
      return z.NEVER;
    }
    return found;
  });
}

export const formCode = <T extends CodeTable>(label: string, table: T) =>
  code(label, table, { unknown: `Unknown ${label.toLowerCase()} code`, upperCase: true });

// Exactly one of `personal` or `corporate`

export function eitherKind<P extends z.ZodType, C extends z.ZodType>(personal: P, corporate: C) {
  return z
    .object(
      { personal: z.unknown().optional(), corporate: z.unknown().optional() },
      { error: "Send a JSON object with personal or corporate" },
    )
    .superRefine((body, ctx) => {
      if (isMissing(body.personal) === isMissing(body.corporate)) {
        ctx.addIssue({ code: "custom", path: ["personal"], message: "Submit either personal or corporate" });
      }
    })
    .transform((body): { personal?: unknown; corporate?: unknown } =>
      isMissing(body.personal) ? { corporate: body.corporate } : { personal: body.personal },
    )
    .pipe(z.object({ personal: personal.optional(), corporate: corporate.optional() }))
    .transform((body, ctx) => {
      if (body.personal !== undefined) return { kind: "personal" as const, value: body.personal };
      if (body.corporate !== undefined) return { kind: "corporate" as const, value: body.corporate };
      ctx.addIssue({ code: "custom", path: ["personal"], message: "Submit either personal or corporate" });
      return z.NEVER;
    });
}
