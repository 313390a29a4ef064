import type { ListEntry } from "../../list-entry.ts";
import type { IndexedEntry } from "../screening-index.ts";
import {
  AR_FAMILY,
  AR_GIVEN,
  BRAND_SYLLABLES,
  COMPANY_WORDS,
  LEGAL_FORMS,
  RU_GIVEN,
  RU_ROOTS,
  RU_SUFFIX,
  WEST_ENDINGS,
  WEST_GIVEN,
  WEST_SYLLABLES,
} from "./name-pools.ts";

/**
 * A seeded, list-like sanctions list for the matcher's tests and bench: Russian persons with patronymics in Latin
 * and Cyrillic, Arabic persons with several spellings and the Arabic script, Western persons, companies with legal
 * forms in several languages; dates of birth, nationalities, a few wallet addresses. Each entry keeps the recipe it
 * was drawn from, so the labelled set can make spelling variants and near-neighbours of it.
 */

export type Rng = () => number;
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
export const int = (rng: Rng, from: number, to: number) => from + Math.floor(rng() * (to - from + 1));

export type Recipe =
  | { family: "ru"; given: string; patronymic: string; surname: string }
  | { family: "ar"; given: number; father: number; clan: number; bin: boolean }
  | { family: "west"; given: string; surname: string }
  | { family: "entity"; brand: string; word: string; form: string; cyrillic?: string };

export type SyntheticEntry = IndexedEntry & { recipe: Recipe };

/** Per Cyrillic letter, the Latin spellings lists use: the first BGN/PCGN-like, the second French/ICAO-like. */
const CYRILLIC: Record<string, string[]> = {
  а: ["a"],
  б: ["b"],
  в: ["v"],
  г: ["g"],
  д: ["d"],
  е: ["e", "ye"],
  ё: ["e", "yo"],
  ж: ["zh", "j"],
  з: ["z"],
  и: ["i"],
  й: ["y", "i"],
  к: ["k"],
  л: ["l"],
  м: ["m"],
  н: ["n"],
  о: ["o"],
  п: ["p"],
  р: ["r"],
  с: ["s"],
  т: ["t"],
  у: ["u", "ou"],
  ф: ["f"],
  х: ["kh", "h"],
  ц: ["ts", "tz"],
  ч: ["ch", "tch"],
  ш: ["sh", "sch"],
  щ: ["shch", "sch"],
  ъ: [""],
  ы: ["y", "i"],
  ь: ["", ""],
  э: ["e"],
  ю: ["yu", "iu"],
  я: ["ya", "ia"],
};

/** Cyrillic → Latin by scheme 0 (BGN-like), 1 (French/ICAO-like), or a random choice per letter. */
export function romanize(cyrillic: string, scheme: 0 | 1 | Rng): string {
  let out = "";
  for (const char of cyrillic) {
    const lower = char.toLowerCase();
    const options = CYRILLIC[lower];
    if (!options) {
      out += char;
      continue;
    }
    const latin = typeof scheme === "number" ? (options[scheme] ?? options[0]!) : pick(scheme, options);
    out += char === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
  }
  return out;
}

export const patronymicOf = (given: string) =>
  given.replace(/[йь]$/, "").replace(/[иа]$/, "") + (/[йь]$/.test(given) ? "евич" : "ович");

export function surnameOf(rng: Rng): string {
  return pick(rng, RU_ROOTS).replace(/ь$/, "") + pick(rng, RU_SUFFIX);
}

export function westSurname(rng: Rng): string {
  const s = pick(rng, WEST_SYLLABLES) + (rng() < 0.5 ? pick(rng, WEST_SYLLABLES) : "") + pick(rng, WEST_ENDINGS);
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function brandOf(rng: Rng): string {
  const s = pick(rng, BRAND_SYLLABLES) + pick(rng, BRAND_SYLLABLES) + (rng() < 0.3 ? pick(rng, BRAND_SYLLABLES) : "");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const upper = (s: string) => s.toUpperCase();
const name = (text: string, primary = false, weak = false) =>
  weak ? { name: text, primary, weak } : { name: text, primary };

/** The names a list writes for a recipe: the primary first, then its aliases. */
function namesOf(recipe: Recipe, rng: Rng): ListEntry["names"] {
  switch (recipe.family) {
    case "ru": {
      const [g, p, s] = [recipe.given, recipe.patronymic, recipe.surname];
      const names = [name(`${romanize(g, 0)} ${romanize(p, 0)} ${upper(romanize(s, 0))}`, true)];
      if (rng() < 0.9) names.push(name(`${s} ${g} ${p}`));
      if (rng() < 0.7) names.push(name(`${romanize(g, 1)} ${romanize(p, 1)} ${upper(romanize(s, 1))}`));
      if (rng() < 0.5) names.push(name(`${upper(romanize(s, 0))}, ${romanize(g, 0)}`));
      if (rng() < 0.4) names.push(name(`${romanize(g, 1)} ${upper(romanize(s, 1))}`));
      return names;
    }
    case "ar": {
      const [g, f, c] = [AR_GIVEN[recipe.given]!, AR_GIVEN[recipe.father]!, AR_FAMILY[recipe.clan]!];
      const bin = recipe.bin ? " bin" : "";
      const names = [name(`${g[1][0]}${bin} ${f[1][0]} ${upper(c[1][0]!)}`, true)];
      if (rng() < 0.9) names.push(name(`${g[1][1]}${recipe.bin ? " ibn" : ""} ${f[1][1] ?? f[1][0]} ${c[1][1]}`));
      if (rng() < 0.6) names.push(name(`${g[1][2] ?? g[1][0]} ${f[1][2] ?? f[1][0]} ${c[1][2]}`));
      if (rng() < 0.6) names.push(name(`${g[0]}${recipe.bin ? " بن" : ""} ${f[0]} ${c[0]}`));
      if (rng() < 0.3) names.push(name(`Abu ${pick(rng, AR_GIVEN)[1][0]}`, false, true));
      return names;
    }
    case "west": {
      const names = [name(`${recipe.given} ${recipe.surname}`, true)];
      if (rng() < 0.6) names.push(name(`${upper(recipe.surname)}, ${recipe.given}`));
      return names;
    }
    case "entity": {
      const names = [name(`${recipe.brand} ${recipe.word} ${recipe.form}`, true)];
      if (rng() < 0.8) names.push(name(`${recipe.brand} ${recipe.word}`));
      if (rng() < 0.4) names.push(name(`${upper(recipe.brand)} ${upper(recipe.word)}`));
      if (recipe.cyrillic) names.push(name(`ООО «${recipe.cyrillic}»`), name(`OOO ${romanize(recipe.cyrillic, 1)}`));
      return names;
    }
  }
}

function recipeOf(rng: Rng): Recipe {
  const roll = rng();
  if (roll < 0.36) {
    const given = pick(rng, RU_GIVEN);
    return { family: "ru", given, patronymic: patronymicOf(pick(rng, RU_GIVEN)), surname: surnameOf(rng) };
  }
  if (roll < 0.66) {
    const n = AR_GIVEN.length;
    return {
      family: "ar",
      given: int(rng, 0, n - 1),
      father: int(rng, 0, n - 1),
      clan: int(rng, 0, AR_FAMILY.length - 1),
      bin: rng() < 0.5,
    };
  }
  if (roll < 0.8) return { family: "west", given: pick(rng, WEST_GIVEN), surname: westSurname(rng) };
  const cyrillic =
    rng() < 0.3 ? surnameOf(rng).replace(/(ов|ев|ин|ский|енко|ук|ицкий|ович|ёв|анов)$/, "") + "ком" : undefined;
  const brand = cyrillic ? romanize(cyrillic, 0) : brandOf(rng);
  return {
    family: "entity",
    brand,
    word: pick(rng, COMPANY_WORDS),
    form: pick(rng, LEGAL_FORMS),
    ...(cyrillic ? { cyrillic } : {}),
  };
}

const COUNTRIES: Record<Recipe["family"], string[]> = {
  ru: ["RU", "BY", "UA", "KZ"],
  ar: ["SY", "IQ", "YE", "LY", "SA", "AE", "LB"],
  west: ["US", "GB", "FR", "DE", "ES", "IT", "VE"],
  entity: ["RU", "AE", "IR", "CN", "HK", "TR", "CY"],
};

export function birthDateOf(rng: Rng): string {
  const year = int(rng, 1940, 1995);
  return rng() < 0.2
    ? String(year)
    : `${year}-${String(int(rng, 1, 12)).padStart(2, "0")}-${String(int(rng, 1, 28)).padStart(2, "0")}`;
}

const hex = (rng: Rng, n: number) => Array.from({ length: n }, () => "0123456789abcdef"[int(rng, 0, 15)]).join("");

/** `count` entries drawn from `rng`; the same seed gives the same list. */
export function syntheticList(rng: Rng, count: number): SyntheticEntry[] {
  const sources = ["eu", "un", "ofac", "uk"] as const;
  return Array.from({ length: count }, (_, i) => {
    const recipe = recipeOf(rng);
    const person = recipe.family !== "entity";
    const country = pick(rng, COUNTRIES[recipe.family]);
    const entry: ListEntry = {
      ref: `SYN-${i + 1}`,
      kind: person ? "person" : rng() < 0.05 ? "vessel" : "entity",
      names: namesOf(recipe, rng),
      birthDates: person && rng() < 0.85 ? [birthDateOf(rng)] : [],
      nationalities: person ? [country] : [],
      countries: person ? [] : [country],
      identifiers: [],
      walletAddresses: rng() < 0.01 ? [{ currency: "ETH", address: `0x${hex(rng, 40)}` }] : [],
      programs: ["SYNTHETIC"],
    };
    return { source: pick(rng, sources), entry, recipe };
  });
}
