import type { ListEntry, ListName, ScreenedSource } from "../list-entry.ts";
import { NameVocabulary } from "./name-vocabulary.ts";
import { INITIAL_WEIGHT, normalizeName, PARTICLE_WEIGHT, type NameKind, type NameToken } from "./normalize-name.ts";
import {
  alignTokens,
  EXTRA_PART_COST,
  EXTRA_PART_COST_WEAK,
  initialSimilarity,
  round,
  tokenSimilarity,
  type NameComparison,
} from "./score-name.ts";
import {
  birthDateAdjustment,
  countryAdjustment,
  MAX_RAISE,
  weakAliasAdjustment,
  type Adjustment,
} from "./score-fields.ts";

/**
 * The lists in memory, ready to screen a name or an address. Built once per list version (or, to re-screen
 * customers after an update, over the changed entries only); read-only afterwards, so one index serves every
 * request at once.
 */

/** The default threshold: chosen on the labelled set (docs/compliance.md, "Matching"); a setting overrides it. */
export const DEFAULT_THRESHOLD = 0.85;

export type IndexedEntry = { source: ScreenedSource; entry: ListEntry };

export type ScreenNameQuery = {
  name: string;
  kind: NameKind;
  /** "YYYY-MM-DD", "YYYY-MM" or "YYYY". */
  birthDate?: string;
  /** Nationalities and countries of residence, ISO 3166-1 alpha-2. */
  countries?: string[];
};

export type ScreenOptions = {
  threshold?: number;
  /** Off only to measure what blocking costs in recall: then every part of every name is compared. */
  blocking?: boolean;
};

export type MatchExplanation = {
  /** The alias of the entry that matched best, as the list writes it. */
  alias: { name: string; primary: boolean; weak: boolean };
  /** The name's own score, before the fields moved it. */
  nameScore: number;
} & Omit<NameComparison, "score"> & {
    /** What moved the score from nameScore, and by how much. */
    adjustments: Adjustment[];
  };

export type ScreeningHit = IndexedEntry & { score: number; explanation: MatchExplanation };

export type AddressHit = IndexedEntry & { currency: string; address: string };

type IndexedName = {
  entry: number;
  alias: ListName;
  tokens: NameToken[];
  parts: number[];
  /** Full parts (weight 1) and particles: what the upper bound below needs. */
  strong: number;
  particles: number;
};

export type ScreeningIndex = {
  readonly entryCount: number;
  readonly nameCount: number;
  screenName(query: ScreenNameQuery, options?: ScreenOptions): ScreeningHit[];
  screenAddress(address: string): AddressHit[];
};

/**
 * Wallet addresses as compared: EVM hex and bech32 are case-blind by definition (the case of an EVM address is only
 * a checksum), so they are lowered; base58 forms (Bitcoin legacy, Tron) are case-sensitive and kept as written.
 */
export function addressKey(address: string): string {
  const trimmed = address.trim();
  if (/^0x[0-9a-f]{40}$/i.test(trimmed) || /^(bc1|tb1|ltc1)[0-9a-z]+$/i.test(trimmed)) return trimmed.toLowerCase();
  return trimmed;
}

const nameKindOf = (entry: ListEntry): NameKind => (entry.kind === "person" ? "person" : "entity");

type QueryShape = { strong: number; particles: number; initials: number };

function queryShape(tokens: NameToken[]): QueryShape {
  const initials = tokens.filter((t) => t.initial).length;
  const particles = tokens.filter((t) => t.weight === PARTICLE_WEIGHT).length;
  return { strong: tokens.length - initials - particles, particles, initials };
}

function popcount(bits: number): number {
  let n = 0;
  for (let b = bits; b !== 0; b &= b - 1) n++;
  return n;
}

/**
 * The most a candidate could score, before aligning it: its parts that a query part found agree fully, every
 * particle agrees, every initial agrees fully, and the rest differ. Most candidates found through one common part
 * ("mohammed") fall below the gate here, so the full alignment runs only on names that could be hits.
 */
function upperBound(query: QueryShape, matched: number, name: IndexedName): number {
  const m = Math.min(matched, name.strong);
  const particles = Math.min(query.particles, name.particles) * 2 * PARTICLE_WEIGHT;
  const initials = Math.min(query.initials, name.strong - m) * (1 + INITIAL_WEIGHT);
  const leftQuery = query.strong - m;
  const leftListed = name.strong - m - Math.min(query.initials, name.strong - m);
  const substituted = Math.min(leftQuery, leftListed);
  const extra = Math.abs(leftQuery - leftListed) * (m >= 2 ? EXTRA_PART_COST : EXTRA_PART_COST_WEAK);
  const agreed = 2 * m + particles + initials;
  return agreed / (agreed + 2 * substituted + extra);
}

export function buildScreeningIndex(entries: IndexedEntry[]): ScreeningIndex {
  const vocabulary = new NameVocabulary();
  const names: IndexedName[] = [];
  const addresses = new Map<string, { entry: number; currency: string; address: string }[]>();
  entries.forEach(({ entry }, e) => {
    for (const alias of entry.names) {
      const normalized = normalizeName(alias.name, nameKindOf(entry));
      if (normalized.tokens.length === 0) continue;
      const id = names.length;
      const parts = normalized.tokens.map((token) => vocabulary.add(token, normalized.abjad, id));
      const strong = normalized.tokens.filter((t) => t.weight === 1).length;
      const particles = normalized.tokens.filter((t) => t.weight === PARTICLE_WEIGHT).length;
      names.push({ entry: e, alias, tokens: normalized.tokens, parts, strong, particles });
    }
    for (const wallet of entry.walletAddresses) {
      const key = addressKey(wallet.address);
      const list = addresses.get(key) ?? [];
      list.push({ entry: e, currency: wallet.currency, address: wallet.address });
      addresses.set(key, list);
    }
  });
  // A stamp per name marks it a candidate of the current query without clearing a set between queries.
  const stamp = new Uint32Array(names.length);
  /** Which of the query's full parts found each candidate (bit i: part i). */
  const found = new Uint32Array(names.length);
  const strongParts = Uint8Array.from(names, (name) => Math.min(name.strong, 255));
  let query = 0;

  function screenName(subject: ScreenNameQuery, options: ScreenOptions = {}): ScreeningHit[] {
    const threshold = options.threshold ?? DEFAULT_THRESHOLD;
    const blocking = options.blocking ?? true;
    const normalized = normalizeName(subject.name, subject.kind);
    const tokens = normalized.tokens;
    if (tokens.length === 0) return [];
    query = (query + 1) >>> 0 || 1;
    const similarities = tokens.map(() => new Map<number, number>());
    const volume = tokens.map(() => 0);
    tokens.forEach((token, i) => {
      if (token.initial) return; // an initial pairs by its letter below; alone it finds no one
      for (const id of vocabulary.candidates(token, blocking)) {
        const part = vocabulary.parts[id]!;
        if (part.token.initial) continue;
        const s = tokenSimilarity(token, part.token, normalized.abjad || part.abjad);
        if (s === 0) continue;
        similarities[i]!.set(id, s);
        volume[i]! += part.names.length;
      }
    });
    const shape = queryShape(tokens);
    // Full parts find candidates, the commonest last. When the query has two full parts or more and no initial, a
    // name of two full parts or more that only the commonest part ("mohammed") found cannot pass the gate (its upper
    // bound is at most ½): that part then only marks the names the others found, and names of a single full part.
    const order = tokens
      .map((token, i) => i)
      .filter((i) => tokens[i]!.weight === 1 && !tokens[i]!.initial)
      .sort((a, b) => volume[a]! - volume[b]!);
    const commonestOnlyMarks = shape.strong >= 2 && shape.initials === 0;
    const candidates: number[] = [];
    order.forEach((i, rank) => {
      const onlyMarks = commonestOnlyMarks && rank === order.length - 1;
      const bit = 1 << Math.min(i, 31);
      for (const id of similarities[i]!.keys()) {
        for (const n of vocabulary.parts[id]!.names) {
          if (stamp[n] === query) {
            found[n]! |= bit;
          } else if (!onlyMarks || strongParts[n]! <= 1) {
            stamp[n] = query;
            found[n] = bit;
            candidates.push(n);
          }
        }
      }
    });
    const best = new Map<number, ScreeningHit>();
    const wantPerson = subject.kind === "person";
    const gate = threshold - MAX_RAISE;
    for (const n of candidates) {
      const name = names[n]!;
      if (upperBound(shape, popcount(found[n]!), name) < gate) continue;
      const { source, entry } = entries[name.entry]!;
      // An entity never matches a person entry, nor a person an entity, vessel or aircraft.
      if ((entry.kind === "person") !== wantPerson) continue;
      const comparison = alignTokens(tokens, name.tokens, (i, j) => {
        const a = tokens[i]!;
        const b = name.tokens[j]!;
        return a.initial || b.initial ? initialSimilarity(a, b) : (similarities[i]!.get(name.parts[j]!) ?? 0);
      });
      if (comparison.score < gate) continue;
      const adjustments = [
        weakAliasAdjustment(name.alias.weak),
        birthDateAdjustment(subject.birthDate, entry.birthDates),
        countryAdjustment(subject.countries, entry),
      ].filter((a): a is Adjustment => a !== null);
      const moved = adjustments.reduce((sum, a) => sum + a.change, comparison.score);
      const score = round(Math.min(1, Math.max(0, moved)));
      const previous = best.get(name.entry);
      if (score < threshold || (previous && previous.score >= score)) continue;
      best.set(name.entry, {
        source,
        entry,
        score,
        explanation: {
          alias: { name: name.alias.name, primary: name.alias.primary, weak: name.alias.weak ?? false },
          nameScore: comparison.score,
          parts: comparison.parts,
          unmatched: comparison.unmatched,
          adjustments,
        },
      });
    }
    return [...best.values()].sort((a, b) => b.score - a.score || a.entry.ref.localeCompare(b.entry.ref));
  }

  function screenAddress(address: string): AddressHit[] {
    return (addresses.get(addressKey(address)) ?? []).map(({ entry, currency, address: listed }) => ({
      ...entries[entry]!,
      currency,
      address: listed,
    }));
  }

  return { entryCount: entries.length, nameCount: names.length, screenName, screenAddress };
}
