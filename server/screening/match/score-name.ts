import { jaroWinkler } from "./jaro-winkler.ts";
import { PARTICLE_WEIGHT, type NameToken, type NormalizedName } from "./normalize-name.ts";

/**
 * How alike two names are, 0..1, and why. Names are compared part by part, not as strings: each part of one name is
 * paired with its most similar part of the other (Jaro–Winkler on the normalised tokens, on consonant skeletons when
 * one side was written in an abjad), best pairs first, so word order does not matter. Parts left over on one side
 * only (a middle name or patronymic the other does not give) cost little; parts that differ on both sides cost their
 * full weight.
 */

/** Two parts less alike than this are not the same part: "ivanov" and "putin" never pair, however the rest agrees. */
export const ALIGN_FLOOR = 0.8;
/** What a part present on one side only costs, as a share of its weight, when two or more parts already agree. */
export const EXTRA_PART_COST = 0.3;
/** …and when fewer agree: a surname alone must not make "Putin" a hit on "Vladimir Putin". */
export const EXTRA_PART_COST_WEAK = 0.6;
/** An initial agrees with a part starting with its letter this much: "V. Putin" is close to, not the same as, "Vladimir Putin". */
export const INITIAL_SIMILARITY = 0.9;

export type PartAlignment = { query: string; listed: string; similarity: number };

export type NameComparison = {
  score: number;
  parts: PartAlignment[];
  unmatched: { query: string[]; listed: string[] };
};

/** Similarity of two parts; below ALIGN_FLOOR it is 0 (they do not pair). */
export function tokenSimilarity(a: NameToken, b: NameToken, abjad: boolean): number {
  if (a.initial || b.initial) return initialSimilarity(a, b);
  // A particle pairs only with the same particle: "al" is not a short "allibi".
  if ((a.weight === PARTICLE_WEIGHT) !== (b.weight === PARTICLE_WEIGHT)) return 0;
  const s = abjad ? skeletonSimilarity(a, b) : jaroWinkler(a.folded, b.folded);
  return s >= ALIGN_FLOOR ? s : 0;
}

export function initialSimilarity(a: NameToken, b: NameToken): number {
  if (a.initial && b.initial) return a.text === b.text ? 1 : 0;
  return a.text[0] === b.text[0] ? INITIAL_SIMILARITY : 0;
}

function skeletonSimilarity(a: NameToken, b: NameToken): number {
  let best = 0;
  for (const sa of a.skeletons) {
    for (const sb of b.skeletons) {
      if (sa.length === 0 || sb.length === 0) continue;
      best = Math.max(best, jaroWinkler(sa, sb));
    }
  }
  return best;
}

const byWeight = (a: NameToken, b: NameToken) => b.weight - a.weight;

/**
 * Scores two token lists given the similarity of each pair of parts (`similarity(i, j)`, 0 when they do not pair).
 * The index passes similarities it has already computed for the query's parts; `compareNames` computes them.
 */
export function alignTokens(
  query: NameToken[],
  listed: NameToken[],
  similarity: (i: number, j: number) => number,
): NameComparison {
  const pairs: { i: number; j: number; s: number }[] = [];
  for (let i = 0; i < query.length; i++) {
    for (let j = 0; j < listed.length; j++) {
      const s = similarity(i, j);
      if (s > 0) pairs.push({ i, j, s });
    }
  }
  // Best pairs first; between equals, the heavier parts, so a name part pairs before a particle.
  pairs.sort(
    (x, y) => y.s - x.s || listed[y.j]!.weight + query[y.i]!.weight - listed[x.j]!.weight - query[x.i]!.weight,
  );
  const usedQuery = new Set<number>();
  const usedListed = new Set<number>();
  const parts: PartAlignment[] = [];
  let agreed = 0;
  let matchedWeight = 0;
  let strongParts = 0;
  for (const { i, j, s } of pairs) {
    if (usedQuery.has(i) || usedListed.has(j)) continue;
    usedQuery.add(i);
    usedListed.add(j);
    const q = query[i]!;
    const l = listed[j]!;
    const weight = q.weight + l.weight;
    agreed += s * weight;
    matchedWeight += weight;
    if (q.weight === 1 && l.weight === 1) strongParts++;
    parts.push({ query: q.text, listed: l.text, similarity: round(s) });
  }
  const leftQuery = query.filter((_, i) => !usedQuery.has(i)).sort(byWeight);
  const leftListed = listed.filter((_, j) => !usedListed.has(j)).sort(byWeight);
  // Parts left on both sides stand for one another and differ: full cost. Parts left on one side only are extra.
  const substituted = Math.min(leftQuery.length, leftListed.length);
  const extraCost = strongParts >= 2 ? EXTRA_PART_COST : EXTRA_PART_COST_WEAK;
  let cost = 0;
  for (const side of [leftQuery, leftListed]) {
    side.forEach((token, k) => (cost += k < substituted ? token.weight : token.weight * extraCost));
  }
  const total = matchedWeight + cost;
  return {
    score: total > 0 ? round(agreed / total) : 0,
    parts,
    unmatched: { query: leftQuery.map((t) => t.text), listed: leftListed.map((t) => t.text) },
  };
}

/** Compares two normalised names directly (the index's scoring without its precomputed similarities). */
export function compareNames(query: NormalizedName, listed: NormalizedName): NameComparison {
  const abjad = query.abjad || listed.abjad;
  return alignTokens(query.tokens, listed.tokens, (i, j) =>
    tokenSimilarity(query.tokens[i]!, listed.tokens[j]!, abjad),
  );
}

export const round = (n: number) => Math.round(n * 10_000) / 10_000;
