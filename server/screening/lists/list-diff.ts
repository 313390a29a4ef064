import { canonicalDigest } from "../canonical-json.ts";
import type { ListEntry } from "../list-entry.ts";

export type StoredDigest = { ref: string; digest: string };
export type DigestedEntry = { entry: ListEntry; digest: string };

export type ListDiff = {
  added: DigestedEntry[];
  changed: DigestedEntry[];
  /** Refs of the stored entries the new version no longer has. */
  removed: string[];
  unchanged: number;
};

/**
 * What a new version of a list changes against the entries stored now, by each entry's ref and the digest of its
 * canonical JSON. A ref twice in one file is refused by the caller before this runs (`duplicateRefs`).
 */
export function diffList(stored: readonly StoredDigest[], next: readonly ListEntry[]): ListDiff {
  const before = new Map(stored.map((s) => [s.ref, s.digest]));
  const diff: ListDiff = { added: [], changed: [], removed: [], unchanged: 0 };
  const seen = new Set<string>();
  for (const entry of next) {
    seen.add(entry.ref);
    const digest = canonicalDigest(entry);
    const old = before.get(entry.ref);
    if (old === undefined) diff.added.push({ entry, digest });
    else if (old !== digest) diff.changed.push({ entry, digest });
    else diff.unchanged += 1;
  }
  for (const s of stored) if (!seen.has(s.ref)) diff.removed.push(s.ref);
  return diff;
}

/** Refs that occur more than once in a file, each once, in file order. */
export function duplicateRefs(entries: readonly ListEntry[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const { ref } of entries) (seen.has(ref) ? twice : seen).add(ref);
  return [...twice];
}
