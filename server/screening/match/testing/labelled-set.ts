import type { ScreeningIndex, ScreenNameQuery, ScreenOptions } from "../screening-index.ts";
import { AR_FAMILY, AR_GIVEN, RU_GIVEN, WEST_GIVEN } from "./name-pools.ts";
import {
  birthDateOf,
  brandOf,
  int,
  pick,
  romanize,
  surnameOf,
  westSurname,
  type Rng,
  type SyntheticEntry,
} from "./synthetic-list.ts";

/**
 * Labelled pairs made from the synthetic list: positives are the entry's own people written as a customer or a
 * bank would write them (another transliteration, the original script, a dropped middle name, swapped order, a typo,
 * another legal form); negatives are near-neighbours (a brother, a namesake with another birth date, the same
 * surname with another given name, a surname one ending away, a company one syllable away).
 */

export type LabelledPair = { query: ScreenNameQuery; ref: string; match: boolean; treatment: string };

/** One letter changed, dropped, doubled or swapped in a part of four letters or more (never the only change). */
export function typo(rng: Rng, text: string): string {
  const words = text.split(" ");
  const long = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 4);
  if (long.length === 0) return text;
  const [word, at] = pick(rng, long);
  const k = int(rng, 1, word.length - 2);
  const letters = "aeioukstrnml";
  const changed = [
    () => word.slice(0, k) + pick(rng, [...letters]) + word.slice(k + 1),
    () => word.slice(0, k) + word.slice(k + 1),
    () => word.slice(0, k) + word[k] + word.slice(k),
    () => word.slice(0, k) + word[k + 1] + word[k] + word.slice(k + 2),
  ];
  words[at] = pick(rng, changed)();
  return words.join(" ");
}

function otherThan<T>(rng: Rng, items: readonly T[], not: T): T {
  for (;;) {
    const item = pick(rng, items);
    if (item !== not) return item;
  }
}

/** Positive and negative queries for one entry, with the entry's birth date (or another) when `withDates`. */
function pairsFor(rng: Rng, { entry, recipe }: SyntheticEntry, withDates: boolean): LabelledPair[] {
  const ref = entry.ref;
  const born = entry.birthDates[0];
  const own = withDates && born ? { birthDate: born } : {};
  const far = (): { birthDate?: string } => {
    if (!withDates || !born) return {};
    const year = Number(born.slice(0, 4)) + pick(rng, [-1, 1]) * int(rng, 3, 20);
    return { birthDate: `${year}${born.slice(4)}` };
  };
  const stranger = () => (withDates ? { birthDate: birthDateOf(rng) } : {});
  const person = (name: string, match: boolean, treatment: string, dates: { birthDate?: string }): LabelledPair => ({
    query: { name, kind: "person", ...dates },
    ref,
    match,
    treatment,
  });
  switch (recipe.family) {
    case "ru": {
      const { given: g, patronymic: p, surname: s } = recipe;
      const any = (text: string) => romanize(text, rng);
      const otherSurname = surnameOf(rng);
      return [
        person(`${any(g)} ${any(p)} ${any(s)}`, true, "ru: another transliteration", own),
        person(`${g} ${p} ${s}`, true, "ru: Cyrillic script", own),
        person(`${any(g)} ${any(s)}`, true, "ru: patronymic dropped", own),
        person(`${any(s)} ${any(g)} ${any(p)}`, true, "ru: surname first", own),
        person(typo(rng, `${romanize(g, 0)} ${romanize(s, 0)}`), true, "ru: typo, patronymic dropped", own),
        person(
          `${any(otherThan(rng, RU_GIVEN, g))} ${any(s)}`,
          false,
          "ru: same surname, another given name",
          stranger(),
        ),
        person(`${any(g)} ${any(p)} ${any(otherSurname)}`, otherSurname === s, "ru: another surname", stranger()),
        // Only a birth date tells a namesake apart: without dates this is no negative.
        ...(withDates && born
          ? [
              person(
                `${romanize(g, 0)} ${romanize(p, 0)} ${romanize(s, 0)}`,
                false,
                "ru: namesake born years apart",
                far(),
              ),
            ]
          : []),
      ];
    }
    case "ar": {
      const [g, f, c] = [AR_GIVEN[recipe.given]!, AR_GIVEN[recipe.father]!, AR_FAMILY[recipe.clan]!];
      const latin = (parts: [string, string[]]) => pick(rng, parts[1]);
      const brother = AR_GIVEN[otherThan(rng, [...AR_GIVEN.keys()], recipe.given)]!;
      const cousin = AR_FAMILY[otherThan(rng, [...AR_FAMILY.keys()], recipe.clan)]!;
      return [
        person(`${latin(g)} ${latin(f)} ${latin(c)}`, true, "ar: another spelling", own),
        person(`${g[0]} ${f[0]} ${c[0]}`, true, "ar: Arabic script", own),
        person(`${latin(g)} ${latin(c)}`, true, "ar: father's name dropped", own),
        person(`${latin(c)} ${latin(g)} ${latin(f)}`, true, "ar: family name first", own),
        person(typo(rng, `${g[1][0]} ${f[1][0]} ${c[1][0]}`), true, "ar: typo", own),
        person(`${latin(brother)} ${latin(f)} ${latin(c)}`, false, "ar: a brother", stranger()),
        person(`${latin(g)} ${latin(f)} ${latin(cousin)}`, false, "ar: another family", stranger()),
      ];
    }
    case "west": {
      const { given, surname } = recipe;
      const other = westSurname(rng);
      return [
        person(`${surname} ${given}`, true, "west: surname first", own),
        person(typo(rng, `${given} ${surname}`), true, "west: typo", own),
        person(
          `${otherThan(rng, WEST_GIVEN, given)} ${surname}`,
          false,
          "west: same surname, another given name",
          stranger(),
        ),
        person(`${given} ${other}`, other === surname, "west: another surname", stranger()),
      ];
    }
    case "entity": {
      const entity = (name: string, match: boolean, treatment: string): LabelledPair => ({
        query: { name, kind: "entity" },
        ref,
        match,
        treatment,
      });
      const other = brandOf(rng);
      return [
        entity(
          `${recipe.brand} ${recipe.word} ${pick(rng, ["Limited", "LLC", "GmbH", "SA", "OOO", ""])}`,
          true,
          "entity: another legal form",
        ),
        entity(typo(rng, `${recipe.brand} ${recipe.word}`), true, "entity: typo"),
        entity(`${other} ${recipe.word} ${recipe.form}`, other === recipe.brand, "entity: another brand"),
      ];
    }
  }
}

export function labelledPairs(rng: Rng, entries: SyntheticEntry[], withDates: boolean): LabelledPair[] {
  return entries.flatMap((entry) => pairsFor(rng, entry, withDates));
}

export type Quality = {
  precision: number;
  recall: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  pairs: number;
  missed: LabelledPair[];
};

/** A pair is predicted a match when screening its query returns its entry at or above the threshold. */
export function evaluate(index: ScreeningIndex, pairs: LabelledPair[], options: ScreenOptions): Quality {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const missed: LabelledPair[] = [];
  for (const pair of pairs) {
    const hit = index.screenName(pair.query, options).some((h) => h.entry.ref === pair.ref);
    if (hit && pair.match) tp++;
    else if (hit) {
      fp++;
      missed.push(pair);
    } else if (pair.match) {
      fn++;
      missed.push(pair);
    }
  }
  return {
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    pairs: pairs.length,
    missed,
  };
}
