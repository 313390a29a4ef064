import type { ListEntry } from "../list-entry.ts";

/**
 * What moves a name's score beyond the name: the date of birth, the countries, and an alias the list itself grades
 * weak. Each is a fixed, documented amount (docs/compliance.md, "Matching"); a field either side does not know moves
 * nothing, so a subject is never helped or harmed by what was not asked.
 */

export const BIRTH_DATE_SAME_DAY = 0.05;
export const BIRTH_DATE_SAME_YEAR = 0.02;
/** Same year, different month or day; or one year apart, as lists giving "circa" years often are. */
export const BIRTH_DATE_NEAR = -0.05;
export const BIRTH_DATE_OTHER = -0.2;
export const COUNTRY_SHARED = 0.03;
export const COUNTRY_NONE_SHARED = -0.05;
export const WEAK_ALIAS = -0.05;
/** The most the fields can add: a name scoring this much below the threshold may still become a hit. */
export const MAX_RAISE = BIRTH_DATE_SAME_DAY + COUNTRY_SHARED;

export type Adjustment = { field: "birthDate" | "country" | "weakAlias"; change: number; reason: string };

/** "1970-05-04" / "1970-05" / "1970" → its parts; anything else → null (a reader's odd date moves nothing). */
function dateParts(date: string): number[] | null {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(date.trim());
  if (!match) return null;
  return [match[1], match[2], match[3]].filter((p): p is string => p !== undefined).map(Number);
}

/** One comparison of two dates, best first: 3 same day, 2 agreeing as far as both go, 1 near, 0 other. */
function dateAgreement(a: number[], b: number[]): number {
  const common = Math.min(a.length, b.length);
  const agree = a.slice(0, common).every((p, k) => p === b[k]);
  if (agree) return common === 3 ? 3 : 2;
  return a[0] === b[0] || Math.abs(a[0]! - b[0]!) === 1 ? 1 : 0;
}

export function birthDateAdjustment(subject: string | undefined, listed: string[]): Adjustment | null {
  const mine = subject ? dateParts(subject) : null;
  const theirs = listed.map(dateParts).filter((d): d is number[] => d !== null);
  if (!mine || theirs.length === 0) return null;
  const best = Math.max(...theirs.map((d) => dateAgreement(mine, d)));
  const listedText = listed.join(", ");
  if (best === 3) return { field: "birthDate", change: BIRTH_DATE_SAME_DAY, reason: `same date of birth ${subject}` };
  if (best === 2)
    return { field: "birthDate", change: BIRTH_DATE_SAME_YEAR, reason: `${subject} agrees with ${listedText}` };
  if (best === 1)
    return { field: "birthDate", change: BIRTH_DATE_NEAR, reason: `${subject} is near, not equal to ${listedText}` };
  return { field: "birthDate", change: BIRTH_DATE_OTHER, reason: `${subject} differs from ${listedText}` };
}

export function countryAdjustment(subject: string[] | undefined, entry: ListEntry): Adjustment | null {
  const mine = new Set((subject ?? []).map((c) => c.toUpperCase()));
  const theirs = new Set([...entry.nationalities, ...entry.countries].map((c) => c.toUpperCase()));
  if (mine.size === 0 || theirs.size === 0) return null;
  const shared = [...mine].filter((c) => theirs.has(c));
  if (shared.length > 0) return { field: "country", change: COUNTRY_SHARED, reason: `shares ${shared.join(", ")}` };
  return {
    field: "country",
    change: COUNTRY_NONE_SHARED,
    reason: `${[...mine].join(", ")} not among ${[...theirs].join(", ")}`,
  };
}

export function weakAliasAdjustment(weak: boolean | undefined): Adjustment | null {
  return weak ? { field: "weakAlias", change: WEAK_ALIAS, reason: "the list grades this alias weak" } : null;
}
