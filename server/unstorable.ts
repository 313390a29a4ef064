/** NUL, or a surrogate that is not half of a pair (in `u` mode a pair is one code point, never `\p{Cs}`). */
const UNSTORABLE = /[\0\p{Cs}]/u;

/** A string PostgreSQL cannot store as text: a NUL character or an unpaired UTF-16 surrogate. */
export function isUnstorable(value: string): boolean {
  return UNSTORABLE.test(value);
}
