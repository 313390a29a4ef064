import { countrySpecs, isValidBIC } from "ibantools";

/**
 * National account formats (BBANs) as ibantools describes them (the ISO 13616 registry): a length, a character class
 * per position, and where the bank code sits. The configured bank code fills the bank identifier and, where the
 * country has one right after it, the branch identifier: for Iceland that is the 4-digit bank-and-branch number.
 */

export type CharClass = "digit" | "letter" | "alphanumeric";

export type BbanFormat = {
  country: string;
  /** Characters of the BBAN (the IBAN is four longer). */
  length: number;
  classes: CharClass[];
  /** Positions of the BBAN the bank code fills: from `bankStart`, `bankLength` characters. */
  bankStart: number;
  bankLength: number;
};

const CLASS_OF: Record<string, CharClass> = { "0-9": "digit", "A-Z": "letter", "A-Z0-9": "alphanumeric" };
const SEGMENT = /\[(0-9|A-Z|A-Z0-9)\]\{(\d+)\}/g;

/** `"0-3"` → positions 0 to 3. */
function range(text: string | undefined): { start: number; end: number } | undefined {
  const match = /^(\d+)-(\d+)$/.exec(text ?? "");
  return match ? { start: Number(match[1]), end: Number(match[2]) } : undefined;
}

/** The BBAN format of a SEPA country of the IBAN registry, or undefined for any other code. */
export function bbanFormat(country: string): BbanFormat | undefined {
  const spec = Object.hasOwn(countrySpecs, country) ? countrySpecs[country] : undefined;
  if (!spec?.SEPA || !spec.IBANRegistry || !spec.chars || !spec.bban_regexp) return undefined;
  const classes: CharClass[] = [];
  for (const [, cls = "", count = "0"] of spec.bban_regexp.matchAll(SEGMENT)) {
    for (let i = 0; i < Number(count); i++) classes.push(CLASS_OF[cls] ?? "alphanumeric");
  }
  if (classes.length !== spec.chars - 4) return undefined;
  const bank = range(spec.bank_identifier);
  const branch = range(spec.branch_indentifier);
  const first = bank ?? branch ?? { start: 0, end: 3 };
  const end = bank && branch && branch.start === bank.end + 1 ? branch.end : first.end;
  return { country, length: classes.length, classes, bankStart: first.start, bankLength: end - first.start + 1 };
}

const MATCHES: Record<CharClass, RegExp> = { digit: /^[0-9]$/, letter: /^[A-Z]$/, alphanumeric: /^[A-Z0-9]$/ };
const DESCRIBED: Record<CharClass, string> = { digit: "D", letter: "L", alphanumeric: "A" };

/** What is wrong with a bank code for this format, or undefined when it fits. */
export function bankCodeProblem(format: BbanFormat, code: string): string | undefined {
  const classes = format.classes.slice(format.bankStart, format.bankStart + format.bankLength);
  const fits = code.length === classes.length && [...code].every((c, i) => MATCHES[classes[i] ?? "digit"].test(c));
  if (fits) return undefined;
  const shape = classes.map((c) => DESCRIBED[c]).join("");
  return `must be ${classes.length} characters for ${format.country} (D digit, L letter, A either: ${shape})`;
}

/** A bank code that fits the format, for instances that configure none: nines, X where letters are required. */
export function defaultBankCode(format: BbanFormat): string {
  return format.classes
    .slice(format.bankStart, format.bankStart + format.bankLength)
    .map((c) => (c === "letter" ? "X" : "9"))
    .join("");
}

/**
 * A BIC (ISO 9362) of 8 or 11 characters, upper case. The default ends its location code in `0`, which marks a test
 * BIC that no real bank uses.
 */
export function bicProblem(bic: string): string | undefined {
  if (!/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) || !isValidBIC(bic)) {
    return "must be a BIC of 8 or 11 characters: bank (4 letters), country (2), location (2), optional branch (3)";
  }
  return undefined;
}

export function defaultBic(country: string): string {
  return `TKRL${country}R0`;
}
