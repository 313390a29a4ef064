import { randomInt } from "node:crypto";
import { composeIBAN, isValidBBAN, isValidIBAN } from "ibantools";
import type { BbanFormat, CharClass } from "./bban-format.ts";

/** Randomness is injected so tests can repeat a run: a whole number from 0 up to (not including) `below`. */
export type RandomSource = (below: number) => number;
export const secureRandom: RandomSource = (below) => randomInt(below);

const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ALPHABET: Record<CharClass, string> = { digit: DIGITS, letter: LETTERS, alphanumeric: DIGITS + LETTERS };

/**
 * Enough tries for the national check digits some countries carry (one in 97 random BBANs passes a mod-97 check,
 * so failing 10,000 times in a row does not happen); a bank code with wrong check digits of its own fails every
 * time, which configuration catches at start.
 */
const ATTEMPTS = 10_000;

function digits(random: RandomSource, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += DIGITS[random(10)];
  return out;
}

/**
 * An Icelandic kennitala for a person: birth date DDMMYY, two digits, a mod-11 check digit (weights 3 2 7 6 5 4 3 2;
 * a remainder that would need check digit 10 is never issued) and the century (9 for the 1900s, 0 for the 2000s).
 */
export function kennitala(random: RandomSource): string {
  for (;;) {
    const year = 1940 + random(66);
    const month = 1 + random(12);
    const day = 1 + random(28);
    const head = `${String(day).padStart(2, "0")}${String(month).padStart(2, "0")}${String(year % 100).padStart(2, "0")}${digits(random, 2)}`;
    const sum = [3, 2, 7, 6, 5, 4, 3, 2].reduce((acc, weight, i) => acc + weight * Number(head[i]), 0);
    const check = (11 - (sum % 11)) % 11;
    if (check === 10) continue;
    return `${head}${check}${year >= 2000 ? 0 : 9}`;
  }
}

/**
 * Where the registry's pattern says only "digits", a country's accounts have more structure. Iceland: bank and
 * branch (4), ledger (2; 26 is a current account), account number (6), the holder's kennitala (10).
 */
const NATIONAL: Record<string, (bban: string, random: RandomSource) => string> = {
  IS: (bban, random) => `${bban.slice(0, 4)}26${bban.slice(6, 12)}${kennitala(random)}`,
};

/**
 * A new IBAN of `format`'s country at the bank `bankCode`: the rest of the BBAN random in the national format,
 * national check digits (where the country has them) valid, ISO 13616 check digits computed by ibantools. The
 * electronic format: upper case, no spaces. Uniqueness is the caller's business (the database has the index).
 */
export function generateIban(options: { format: BbanFormat; bankCode: string; random?: RandomSource }): string {
  const { format, bankCode, random = secureRandom } = options;
  const national = NATIONAL[format.country];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let bban = format.classes
      .map((cls, i) => {
        const offset = i - format.bankStart;
        if (offset >= 0 && offset < bankCode.length) return bankCode[offset];
        const alphabet = ALPHABET[cls];
        return alphabet[random(alphabet.length)];
      })
      .join("");
    if (national) bban = national(bban, random);
    if (!isValidBBAN(bban, format.country)) continue;
    const iban = composeIBAN({ countryCode: format.country, bban });
    if (iban && isValidIBAN(iban)) return iban;
  }
  throw new Error(`no valid ${format.country} IBAN with bank code ${bankCode} after ${ATTEMPTS} attempts`);
}
