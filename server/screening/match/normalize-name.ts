import anyAscii from "any-ascii";
import { HONORIFICS, LEGAL_FORM_PHRASES, LEGAL_FORM_WORDS, PARTICLES } from "./name-words.ts";

/**
 * Names as the matcher compares them: Latin letters and digits, lower case, one token per name part, the words that
 * say nothing about identity removed. Every list name and every screened name goes through here, so both sides of a
 * comparison are written the same way whatever script, case or punctuation they came in.
 */

export type NameKind = "person" | "entity";

export type NameToken = {
  text: string;
  /**
   * The token with the spellings transliteration varies in folded together ("iurii", "yuriy" → "uri"; "khokhlov",
   * "hohlov" → "hohlov"; doubled letters single): what Jaro–Winkler compares, so a scheme is not a typo.
   */
  folded: string;
  /**
   * The consonant skeletons the token is compared by when one side was written in an abjad (Arabic, Hebrew), whose
   * short vowels are not written: "mohammed" and محمد both give "mhmd". Also a blocking key for all tokens.
   */
  skeletons: string[];
  /** How much the token counts in a name's score: a particle or an initial tells less than a full name part. */
  weight: number;
  /** A single letter, as in "V. Putin": it agrees with any part starting with that letter. */
  initial: boolean;
};

export type NormalizedName = {
  tokens: NameToken[];
  /** Written in an abjad: compared by skeletons, not by letters. */
  abjad: boolean;
};

export const PARTICLE_WEIGHT = 0.25;
export const INITIAL_WEIGHT = 0.5;

/**
 * Letters whose marks carry the letter itself in Cyrillic (й is not и, ё is not е): transliterated before marks are
 * stripped, so "Сергей" becomes "sergey", not "sergei" with its breve lost.
 */
const KEEP_BEFORE_MARKS: Record<string, string> = {
  й: "y",
  Й: "Y",
  ё: "e",
  Ё: "E",
  ї: "yi",
  Ї: "Yi",
  ў: "u",
  Ў: "U",
};

/**
 * Modern Greek digraphs any-ascii reads letter by letter: ου is "ou" (Πούτιν → "poutin", not "poytin"), and ντ, μπ,
 * γκ write the d, b, g of foreign names (Βλαντίμιρ → "vladimir").
 */
const GREEK_DIGRAPHS: [RegExp, string][] = [
  [/ου/g, "ou"],
  [/ντ/g, "d"],
  [/μπ/g, "b"],
  [/γκ/g, "g"],
  [/αι/g, "e"],
];

const ABJAD = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const APOSTROPHES = /['’‘`ʼʻ´"]/g;

/**
 * Case, diacritics (NFKD with the marks stripped), Greek digraphs, transliteration of every other script to Latin (any-ascii), then
 * punctuation: apostrophes vanish ("O'Brien" → "obrien"), dots join letters in entity names ("S.A." → "sa") and
 * separate them in a person's ("V.V." → "v v"), everything else that is not a letter or digit separates words.
 */
export function normalizeText(raw: string, kind: NameKind): string {
  const kept = raw.normalize("NFC").replace(/[йЙёЁїЇўЎ]/g, (c) => KEEP_BEFORE_MARKS[c] ?? c);
  const stripped = kept.normalize("NFKD").replace(/\p{M}/gu, "");
  const greek = GREEK_DIGRAPHS.reduce((text, [from, to]) => text.replace(from, to), stripped.toLowerCase());
  const latin = anyAscii(greek).toLowerCase().replace(APOSTROPHES, "");
  const dotted = kind === "entity" ? latin.replace(/\./g, "") : latin;
  return dotted.replace(/[^a-z0-9]+/g, " ").trim();
}

function removePhrases(words: string[], phrases: readonly string[][]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const phrase = phrases.find((p) => p.every((w, k) => words[i + k] === w));
    if (phrase) i += phrase.length;
    else out.push(words[i++]!);
  }
  return out;
}

/** Drops the words a table names, unless that would leave nothing: "Limited" alone is still a name. */
function withoutNoise(words: string[], kind: NameKind): string[] {
  const kept =
    kind === "person"
      ? words.filter((w) => !HONORIFICS.has(w))
      : removePhrases(words, LEGAL_FORM_PHRASES).filter((w) => !LEGAL_FORM_WORDS.has(w));
  return kept.length > 0 ? kept : words;
}

/**
 * A token's consonant skeleton: vowels (and y, w, which abjads write as long vowels) dropped, letters that the
 * scripts confuse folded together (p/f/v → b, q/c → k, z → s), doubles collapsed, a final h (ta marbuta) dropped.
 */
export function skeleton(token: string): string {
  const folded = token
    .replace(/ck/g, "k")
    .replace(/ph/g, "f")
    .replace(/x/g, "ks")
    .replace(/[qc]/g, "k")
    .replace(/z/g, "s")
    .replace(/[pfv]/g, "b")
    .replace(/[aeiouyw]/g, "");
  const collapsed = folded.replace(/(.)\1+/g, "$1");
  return collapsed.length >= 3 && collapsed.endsWith("h") ? collapsed.slice(0, -1) : collapsed;
}

/** Rewrites in order; each pair folds spellings that one sound gets in different transliteration schemes. */
const FOLDS: [RegExp, string][] = [
  [/shch|sch/g, "sh"],
  [/tch/g, "ch"],
  [/dzh|zh|dj/g, "j"],
  [/kh/g, "h"],
  [/ph/g, "f"],
  [/ck|q/g, "k"],
  [/x/g, "ks"],
  [/w/g, "v"],
  [/tz/g, "ts"],
  [/yo/g, "e"],
  [/y([aeou])/g, "$1"],
  [/i([au])/g, "$1"],
  [/ou|oo/g, "u"],
  [/ee/g, "i"],
  [/iy|ii|yy|ey$|ei$/g, "i"],
  [/y/g, "i"],
  [/(.)\1+/g, "$1"],
];

/**
 * The folded spelling without a leading Arabic article: "alotaibi" and "alkaabi" must not look alike for the two
 * letters every such name shares (Jaro–Winkler rewards a common prefix), nor "alqahtani" unlike "qahtani".
 */
export function fold(text: string): string {
  const folded = FOLDS.reduce((t, [from, to]) => t.replace(from, to), text);
  const core = /^[ae]l/.test(folded) && folded.length >= 6 ? folded.slice(2) : folded;
  return core.length > 0 ? core : text;
}

function tokenOf(text: string, abjad: boolean): NameToken {
  const base = skeleton(text);
  // An abjad writes the article al- joined to the word ("القاعدة" → "lqdh"): compare with and without it.
  const skeletons = abjad && base.length >= 3 && base.startsWith("l") ? [base, base.slice(1)] : [base];
  const initial = text.length === 1 && /[a-z]/.test(text);
  const weight = PARTICLES.has(text) ? PARTICLE_WEIGHT : initial ? INITIAL_WEIGHT : 1;
  return { text, folded: fold(text), skeletons, weight, initial };
}

/** Prefixes lists write apart or joined: "Abd al-Rahman", "Abdel Rahman", "Abdulrahman" all join to one part. */
const JOIN_NEXT: ReadonlySet<string> = new Set(["al", "el", "ul", "abd", "abdul", "abdel", "abdal", "abdoul", "abdu"]);

/** "al qahtani" → "alqahtani": an Arabic article and an abd- prefix belong to the word after them. */
function joinPrefixes(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    if (JOIN_NEXT.has(word) && next !== undefined && !JOIN_NEXT.has(next) && next.length > 1) {
      out.push(word + next);
      i++;
    } else if (JOIN_NEXT.has(word) && next !== undefined && (next === "al" || next === "el") && words[i + 2]) {
      out.push(word + next + words[i + 2]!);
      i += 2;
    } else out.push(word);
  }
  return out;
}

/** A name as the matcher sees it; an empty token list when nothing of the name is left (punctuation only). */
export function normalizeName(raw: string, kind: NameKind): NormalizedName {
  const abjad = ABJAD.test(raw);
  const words = normalizeText(raw, kind).split(" ").filter(Boolean);
  const tokens = joinPrefixes(withoutNoise(words, kind)).map((w) => tokenOf(w, abjad));
  return { tokens, abjad };
}
