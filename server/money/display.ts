import { formatAmount } from "./amount.ts";

/**
 * An amount as people read it on a screen: `"1234567.5"` or `123456750n` with `"eur"` → `"1,234,567.50 EUR"`. String
 * work on the digits, as everywhere in this module: no float ever holds the amount.
 */
export function displayAmount(amount: string | bigint, currency: string): string {
  const text = typeof amount === "bigint" ? formatAmount(amount) : amount;
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? text.slice(1) : text).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}.${fraction.padEnd(2, "0")} ${currency.toUpperCase()}`;
}
