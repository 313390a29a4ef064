import { z } from "zod";

/*
 * The one module for money amounts (house style 7). On the wire an amount is a decimal string with at most two
 * decimals; inside the domain it is a bigint of minor units (cents); on chain it is a bigint of token units. No
 * floating-point number ever holds an amount: parsing and formatting work on the digits.
 */

/** From this order amount (15,000.00 EUR) a redeem order needs a `supportingDocumentId` (SPEC Limits, CHECKS C31). */
export const SUPPORTING_DOCUMENT_THRESHOLD_MINOR = 1_500_000n;

/** At most 15 significant digits before the point: 999,999,999,999,999.99 still fits a Postgres `bigint` of cents. */
const MAX_INTEGER_DIGITS = 15;
/** Leading zeros do not count towards the digits above, but a longer text is refused before it is looked at. */
const MAX_TEXT_LENGTH = 40;

const AMOUNT = /^([0-9]+)(?:\.([0-9]{1,2}))?$/;

export const AMOUNT_REASONS = {
  missing: "is missing",
  notText: 'must be a string, such as "10.50"',
  empty: "must not be empty",
  spaces: "must not contain spaces",
  signed: "must be written without a sign",
  decimals: "must have at most two decimals",
  tooLarge: `is too large (at most ${MAX_INTEGER_DIGITS} digits before the point)`,
  format: "must be a decimal string with at most two decimals, such as 10.50",
} as const;

export type ParsedAmount = { ok: true; minor: bigint } | { ok: false; reason: string };

const refuse = (reason: string): ParsedAmount => ({ ok: false, reason });

/**
 * Parses a wire amount (`"10"`, `"10.5"`, `"10.50"`) into minor units. Only ASCII digits, optionally a point and one
 * or two more digits: no sign, exponent, spaces, grouping, leading or trailing point, and no JSON numbers (a number
 * has already been through a float). The reasons read as a field error (`amount: "must have at most two decimals"`).
 */
export function parseAmount(text: unknown): ParsedAmount {
  if (text === undefined || text === null) return refuse(AMOUNT_REASONS.missing);
  if (typeof text !== "string") return refuse(AMOUNT_REASONS.notText);
  if (text === "") return refuse(AMOUNT_REASONS.empty);
  if (text.length > MAX_TEXT_LENGTH) return refuse(AMOUNT_REASONS.tooLarge);
  if (/\s/.test(text)) return refuse(AMOUNT_REASONS.spaces);
  const parts = AMOUNT.exec(text);
  if (!parts) {
    if (/^[+-]/.test(text)) return refuse(AMOUNT_REASONS.signed);
    if (/^[0-9]+\.[0-9]{3,}$/.test(text)) return refuse(AMOUNT_REASONS.decimals);
    return refuse(AMOUNT_REASONS.format);
  }
  const whole = parts[1]!.replace(/^0+(?=.)/, "");
  if (whole.length > MAX_INTEGER_DIGITS) return refuse(AMOUNT_REASONS.tooLarge);
  const fraction = (parts[2] ?? "").padEnd(2, "0");
  return { ok: true, minor: BigInt(whole) * 100n + BigInt(fraction) };
}

/** Minor units as the API writes them, always with two decimals: `0n` → `"0.00"`, `1050n` → `"10.50"`, `-1n` → `"-0.01"`. */
export function formatAmount(minor: bigint): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function scaleOf(decimals: number): bigint {
  if (!Number.isSafeInteger(decimals) || decimals < 2) {
    throw new RangeError(`A token with ${decimals} decimals cannot hold cents`);
  }
  return 10n ** BigInt(decimals - 2);
}

/** Minor units as token units of a token with `decimals` decimals (18 on EVM, 6 on Cosmos): exact. */
export function minorToTokenUnits(minor: bigint, decimals: number): bigint {
  return minor * scaleOf(decimals);
}

/**
 * Token units as minor units, truncating toward zero: a balance of 1.999 EURe shows as 1.99 (never more than is
 * held), and -1.999 as -1.99. bigint division truncates toward zero already.
 */
export function tokenUnitsToMinor(units: bigint, decimals: number): bigint {
  return units / scaleOf(decimals);
}

/** A request field holding an amount: the wire string in, minor units out; refusals carry the `parseAmount` reason. */
export const amountSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? AMOUNT_REASONS.missing : AMOUNT_REASONS.notText,
  })
  .max(MAX_TEXT_LENGTH, { error: AMOUNT_REASONS.tooLarge, abort: true })
  .transform((text, ctx) => {
    const parsed = parseAmount(text);
    if (parsed.ok) return parsed.minor;
    ctx.addIssue({ code: "custom", message: parsed.reason, input: text });
    return z.NEVER;
  });

/** An amount that moves money: as `amountSchema`, and more than zero. */
export const positiveAmountSchema = amountSchema.refine((minor) => minor > 0n, "must be more than 0.00");
