/**
 * C42: the longest strings a request may carry, in characters. Every zod string of a request schema has a `.max()`
 * (`server/request-strings.test.ts` walks them all); these are the usual ones. A field the spec or its format bounds
 * more tightly (memo 140, reference number 35, KYC address 70, addresses 42) says so where it is declared.
 */

/** RFC 5321 §4.5.3.1.3: a path holds at most 256 octets, two of them the angle brackets. */
export const MAX_EMAIL = 254;
/** Names of people, companies and things, and the short free-form fields of a form (postal code, city, codes). */
export const MAX_NAME = 100;
/** Free text: notes, reasons, descriptions, messages to sign. */
export const MAX_TEXT = 1000;
/** Identifiers from the outside: UUIDs, cursors, chain names, client ids, reference numbers. */
export const MAX_ID = 100;
/** URLs: what browsers and most servers accept. */
export const MAX_URL = 2048;
/** ISO 13616: at most 34 characters; a printed IBAN has a space after every four (34 + 8). */
export const MAX_IBAN = 42;
/** OAuth codes, tokens and secrets: ours are far shorter, RFC 6749 leaves the length open. */
export const MAX_SECRET = 512;
/** A signature in hex: an ECDSA one is 132 characters; a Safe may concatenate many or carry a contract's. */
export const MAX_SIGNATURE = 10_000;

/** A message someone signs (sign-in with Ethereum, a Safe's message): longer than free text, still bounded. */
export const MAX_SIGNED_MESSAGE = 10_000;

/** The message of a field that is too long, naming the limit. */
export const tooLong = (max: number) => `must be at most ${max} characters`;

/** The most of a caller's input an error message repeats (C42). */
export const MAX_ECHO = 200;

/**
 * `input` as an error message may repeat it: its first `MAX_ECHO` characters, with an ellipsis when there was more.
 * Every message that quotes what the caller sent goes through here, so a megabyte of input is never sent back.
 */
export function quote(input: unknown): string {
  const text = String(input);
  if (text.length <= MAX_ECHO) return text;
  let cut = text.slice(0, MAX_ECHO);
  // Do not leave half of a surrogate pair at the end.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}
