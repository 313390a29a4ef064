import type { NameToken } from "./normalize-name.ts";

/**
 * The distinct name parts of a list and the blocking keys that find them. A query part is compared with the parts
 * that share a key with it, never with all of them: the first two letters of its folded spelling, the first two of its consonant skeleton
 * (which also finds transliteration variants and abjad spellings: "mhmd" → "mh"), its last three letters (which
 * find a part whose first letter is mistyped), and its first and last letters with its length in fours (which find
 * a part with letters swapped near its start: "amhed", "ahmed"). Parts are far fewer than names (the synthetic list's 92,000 names share
 * 6,400 distinct parts), and each part's similarity is computed once per query however many names share it.
 */

export type VocabularyPart = {
  token: NameToken;
  abjad: boolean;
  /** The names (index ids) this part occurs in. */
  names: number[];
};

export function blockingKeys(token: NameToken): string[] {
  const text = token.folded;
  const keys = [`p${text.slice(0, 2)}`];
  for (const s of token.skeletons) if (s.length > 0) keys.push(`s${s.slice(0, 2)}`);
  if (text.length >= 4)
    keys.push(`e${text.slice(-3)}`, `b${text[0]}${text[text.length - 1]}${Math.min(text.length, 12) >> 2}`);
  return keys;
}

export class NameVocabulary {
  readonly parts: VocabularyPart[] = [];
  private readonly ids = new Map<string, number>();
  private readonly keys = new Map<string, number[]>();

  /** The id of a part, added on first sight; a part met in an abjad keeps its own entry (it has other skeletons). */
  add(token: NameToken, abjad: boolean, name: number): number {
    const id = abjad ? `\u0001${token.text}` : token.text;
    let index = this.ids.get(id);
    if (index === undefined) {
      index = this.parts.length;
      this.ids.set(id, index);
      this.parts.push({ token, abjad, names: [] });
      for (const key of new Set(blockingKeys(token))) {
        const list = this.keys.get(key);
        if (list) list.push(index);
        else this.keys.set(key, [index]);
      }
    }
    const names = this.parts[index]!.names;
    if (names[names.length - 1] !== name) names.push(name);
    return index;
  }

  /** The parts sharing a blocking key with `token` (each once), or every part when blocking is off. */
  candidates(token: NameToken, blocking: boolean): Iterable<number> {
    if (!blocking) return this.parts.keys();
    const seen = new Set<number>();
    for (const key of blockingKeys(token)) for (const id of this.keys.get(key) ?? []) seen.add(id);
    return seen;
  }
}
