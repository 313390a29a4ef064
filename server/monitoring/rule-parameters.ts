import { z } from "zod";
import { AppError, type FieldErrors } from "../errors.ts";
import { formatAmount, parseAmount } from "../money/amount.ts";

/*
 * The parameters of each monitoring rule, as an operator reads and writes them: amounts as decimal strings (the
 * money module parses them; never a float), windows in whole hours or days, counts and percentages as whole numbers.
 * One zod schema per rule key; a proposal with an unknown or missing field is refused with the field named.
 */

export const RULE_KEYS = [
  "large-amount",
  "period-total",
  "structuring",
  "pass-through",
  "new-profile-volume",
  "high-risk-country",
] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

/** A decimal amount string: `"10000.00"`; `min` in minor units. */
const amount = (min: bigint) =>
  z
    .string({ error: 'must be a string, such as "10000.00"' })
    .max(40, "is too long")
    .superRefine((text, ctx) => {
      const parsed = parseAmount(text);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.reason });
      else if (parsed.minor < min) ctx.addIssue({ code: "custom", message: `must be at least ${formatAmount(min)}` });
    });

const whole = (min: number, max: number) =>
  z
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be from ${min} to ${max}`)
    .max(max, `must be from ${min} to ${max}`);

export const RULE_PARAMETERS = {
  /** One movement at or above `threshold`. */
  "large-amount": z.strictObject({ threshold: amount(1n) }),
  /** A profile's total in, or out, within `windowDays` reaching `threshold`. */
  "period-total": z.strictObject({ threshold: amount(1n), windowDays: whole(1, 366) }),
  /** `count` or more movements each from `lowerPercent`% of `threshold` up to (not including) it, within `windowDays`. */
  structuring: z.strictObject({
    threshold: amount(1n),
    lowerPercent: whole(1, 99),
    count: whole(2, 1000),
    windowDays: whole(1, 366),
  }),
  /** A redeem of at least `redeemPercent`% of a credit of at least `minimumCredit`, within `windowHours` after it. */
  "pass-through": z.strictObject({
    minimumCredit: amount(1n),
    redeemPercent: whole(1, 100),
    windowHours: whole(1, 24 * 31),
  }),
  /** A profile approved less than `profileAgeDays` ago whose movements since its approval reach `threshold`. */
  "new-profile-volume": z.strictObject({ profileAgeDays: whole(1, 366), threshold: amount(1n) }),
  /** A movement of at least `minimumAmount` whose debtor's or counterpart's IBAN is of a high-risk country. */
  "high-risk-country": z.strictObject({ minimumAmount: amount(0n) }),
} as const satisfies Record<RuleKey, z.ZodType>;

export type RuleParameters = { [K in RuleKey]: z.output<(typeof RULE_PARAMETERS)[K]> };

/** A rule as evaluation uses it: amounts already in minor units. */
export type Rule =
  | { key: "large-amount"; threshold: bigint }
  | { key: "period-total"; threshold: bigint; windowDays: number }
  | { key: "structuring"; threshold: bigint; lowerPercent: number; count: number; windowDays: number }
  | { key: "pass-through"; minimumCredit: bigint; redeemPercent: number; windowHours: number }
  | { key: "new-profile-volume"; profileAgeDays: number; threshold: bigint }
  | { key: "high-risk-country"; minimumAmount: bigint };

export function isRuleKey(key: string): key is RuleKey {
  return (RULE_KEYS as readonly string[]).includes(key);
}

/**
 * Checks a rule's parameters; a refusal is a VALIDATION error naming each field (`parameters.threshold`). The
 * result is normalised (amounts with two decimals), so the same proposal always has the same digest.
 */
export function parseRuleParameters<K extends RuleKey>(key: K, input: unknown): RuleParameters[K] {
  const result = RULE_PARAMETERS[key].safeParse(input);
  if (!result.success) {
    const fields: FieldErrors = {};
    for (const issue of result.error.issues) {
      const path = ["parameters", ...issue.path.map(String)].join(".");
      fields[path] ??=
        issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : issue.message;
    }
    throw new AppError("VALIDATION", `The parameters of ${key} are not valid`, fields);
  }
  const normal: Record<string, unknown> = { ...result.data };
  for (const [name, value] of Object.entries(normal)) {
    if (typeof value === "string") normal[name] = formatAmount(minorOf(value));
  }
  return normal as RuleParameters[K];
}

function minorOf(text: string): bigint {
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new RangeError(`not an amount: ${text}`);
  return parsed.minor;
}

/** The rule ready to evaluate. Parameters stored in the database are parsed again: a hand-edited row cannot slip by. */
export function ruleOf(key: RuleKey, input: unknown): Rule {
  const p = parseRuleParameters(key, input) as Record<string, unknown>;
  const rule: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(p)) rule[name] = typeof value === "string" ? minorOf(value) : value;
  return rule as Rule;
}
