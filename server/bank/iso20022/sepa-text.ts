/*
 * The SEPA character set. The schemas allow any Unicode in a name or a remittance text, but the EPC rulebook lets
 * banks accept only the basic Latin set `a-z A-Z 0-9 / - ? : ( ) . , ' +` and space, and some refuse a whole file
 * over one `é`. So texts we write are brought into that set: accents dropped (`é` → `e`, `Ö` → `O`), `ß` → `ss`,
 * `&` → `+`, anything else becomes a space, runs of spaces collapse. Names are cut at 70 characters, the EPC limit
 * (the schema's is 140). Identifiers are never rewritten: ours are made in the set, and one that is not is a bug.
 */

const SEPA_BASIC = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
const NOT_SEPA = /[^A-Za-z0-9/\-?:().,'+ ]/g;

const SPELLED_OUT: Readonly<Record<string, string>> = {
  ß: "ss",
  Æ: "AE",
  æ: "ae",
  Œ: "OE",
  œ: "oe",
  Ø: "O",
  ø: "o",
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Þ: "TH",
  þ: "th",
  "&": "+",
};

/** A text in the SEPA basic set, at most `maxLength` characters. */
export function toSepaText(text: string, maxLength: number): string {
  const spelled = text.replace(/[ßÆæŒœØøŁłĐđÞþ&]/g, (letter) => SPELLED_OUT[letter] ?? " ");
  const unaccented = spelled.normalize("NFD").replace(/\p{M}/gu, "");
  return unaccented.replace(NOT_SEPA, " ").replace(/ {2,}/g, " ").trim().slice(0, maxLength).trimEnd();
}

/**
 * Whether `toSepaText` can write this text without turning any of it into a space: every character (after NFC) is
 * in the basic set, spelled out (`ß`, `&`…), or a letter of it with accents. So a text that passes keeps its words
 * when it is written for a bank; control characters, bidi overrides, emoji, unpaired surrogates, other scripts and
 * stray combining marks do not pass. What the simulator and the API accept as a payer's name or a remittance text.
 */
export function isSepaWritable(text: string): boolean {
  for (const character of text.normalize("NFC")) {
    if (SEPA_BASIC.test(character) || Object.hasOwn(SPELLED_OUT, character)) continue;
    const [base, ...marks] = character.normalize("NFD");
    if (!base || !/^[A-Za-z]$/.test(base) || marks.length === 0 || !marks.every((m) => /^\p{M}$/u.test(m))) {
      return false;
    }
  }
  return true;
}

/**
 * An identifier we send (message id, end-to-end id…): 1 to 35 characters of the basic set, no leading or trailing
 * `/` and no `//` (EPC rules). Throws: our own ids are made to fit, so one that does not is a bug to fix.
 */
export function assertSepaIdentifier(value: string, field: string): void {
  if (value.length < 1 || value.length > 35) throw new Error(`${field} must be 1 to 35 characters: "${value}"`);
  if (value.includes(" ") || !SEPA_BASIC.test(value)) {
    throw new Error(`${field} must use the SEPA character set without spaces: "${value}"`);
  }
  if (value.startsWith("/") || value.endsWith("/") || value.includes("//")) {
    throw new Error(`${field} must not start or end with "/" nor contain "//": "${value}"`);
  }
}

/** An ISO 11649 structured creditor reference: `RF`, two check digits, 1 to 21 letters or digits, mod 97 = 1. */
export function isCreditorReference(reference: string): boolean {
  if (!/^RF\d{2}[A-Za-z0-9]{1,21}$/.test(reference)) return false;
  const rearranged = `${reference.slice(4)}${reference.slice(0, 4)}`.toUpperCase();
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}
