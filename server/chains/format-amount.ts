import type { TokenAmount } from "./gateway.ts";

/** A token amount as the API writes it: a decimal string, at least two decimals, never a float (`"0.00"`, `"1.5"` → `"1.50"`). */
export function formatTokenAmount({ units, decimals }: TokenAmount): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits
    .slice(digits.length - decimals)
    .replace(/0+$/, "")
    .padEnd(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}
