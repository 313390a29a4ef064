/*
 * Amounts in bank files, read and written from their digits: never through a float (house style 7). The schema types
 * them as xs:decimal with up to five decimals, but a currency carries fewer (EUR two): an amount with more
 * significant decimals than its currency is refused, never rounded, because a rounded cent is a cent minted or lost.
 * Trailing zeros beyond the currency's decimals (`10.500` EUR) change nothing and are accepted.
 */

/** ISO 4217 minor units where they are not two. */
const DECIMALS_BY_CURRENCY: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF".split(" ").map((code) => [code, 0]),
  ),
  ...Object.fromEntries("BHD IQD JOD KWD LYD OMR TND".split(" ").map((code) => [code, 3])),
  CLF: 4,
  UYW: 4,
};

export function currencyDecimals(currency: string): number {
  return DECIMALS_BY_CURRENCY[currency] ?? 2;
}

export type DecimalAmount = { ok: true; minor: bigint } | { ok: false; reason: string };

/** xs:decimal's lexical form: an optional sign, digits with at most one point, at least one digit. */
const XS_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Reads `text` (an xs:decimal) as minor units of `currency`. */
export function parseDecimalAmount(text: string, currency: string): DecimalAmount {
  const parts = XS_DECIMAL.exec(text.trim());
  if (!parts || (parts[2] === "" && (parts[3] ?? "") === "")) {
    return { ok: false, reason: `'${text}' is not a decimal amount` };
  }
  const decimals = currencyDecimals(currency);
  const fraction = (parts[3] ?? "").replace(/0+$/, "");
  if (fraction.length > decimals) {
    return {
      ok: false,
      reason: `${text} ${currency} has more decimals than ${currency} carries (${decimals}); it is not rounded`,
    };
  }
  const minor = BigInt(parts[2] || "0") * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
  return { ok: true, minor: parts[1] === "-" ? -minor : minor };
}

/** The schema's decimals (at most five): an xs:decimal as an exact count of 10^-5, whatever the currency. */
const SCHEMA_DECIMALS = 5;

/**
 * `text` (an xs:decimal) in units of 10^-5, for comparing and adding amounts exactly whatever their currency carries
 * (a transaction's amounts against its entry's); undefined when it is not a decimal of at most five places.
 */
export function schemaUnits(text: string): bigint | undefined {
  const parts = XS_DECIMAL.exec(text.trim());
  if (!parts || (parts[2] === "" && (parts[3] ?? "") === "")) return undefined;
  const fraction = (parts[3] ?? "").replace(/0+$/, "");
  if (fraction.length > SCHEMA_DECIMALS) return undefined;
  const units =
    BigInt(parts[2] || "0") * 10n ** BigInt(SCHEMA_DECIMALS) + BigInt(fraction.padEnd(SCHEMA_DECIMALS, "0"));
  return parts[1] === "-" ? -units : units;
}

/** Units of 10^-5 as decimal text without trailing zeros: `950000n` → `"9.5"`. */
export function formatSchemaUnits(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(SCHEMA_DECIMALS + 1, "0");
  const whole = digits.slice(0, digits.length - SCHEMA_DECIMALS);
  const fraction = digits.slice(digits.length - SCHEMA_DECIMALS).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** Minor units as the exact decimal text of `currency`: `1050n` EUR → `"10.50"`, `5n` JPY → `"5"`. */
export function formatDecimalAmount(minor: bigint, currency: string): string {
  const decimals = currencyDecimals(currency);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const text = decimals === 0 ? whole : `${whole}.${digits.slice(digits.length - decimals)}`;
  return negative ? `-${text}` : text;
}
