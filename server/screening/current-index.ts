import { db } from "../db/client.ts";
import type { ListEntry, ListSource } from "./list-entry.ts";
import { buildScreeningIndex, type ScreeningIndex } from "./match/screening-index.ts";

// One per process, on globalThis: the routes and the jobs are bundled apart but must share one index in memory. The
// signature is kept beside the build under way, so callers who ask while it is being built wait for that one build.
const holder = globalThis as typeof globalThis & {
  __tokenrailScreeningIndex?: { signature: string; index: Promise<ScreeningIndex> };
};

/** Which versions the stored lists are at: the index is rebuilt when this changes (another instance imported). */
async function signature(): Promise<string> {
  const prisma = await db();
  const lists = await prisma.sanctionsList.findMany({ orderBy: { source: "asc" } });
  return lists.map((l) => `${l.source}:${l.versionNumber}`).join(",");
}

async function build(): Promise<ScreeningIndex> {
  const prisma = await db();
  const rows = await prisma.sanctionsEntry.findMany({ select: { source: true, entry: true } });
  return buildScreeningIndex(
    rows.map((row) => ({ source: row.source as ListSource, entry: row.entry as unknown as ListEntry })),
  );
}

/**
 * The screening index of every list's current version, in memory (P9: a name against every list in milliseconds).
 * Each call checks the lists' versions (one small query) and rebuilds the index when any moved on, so every
 * instance screens against what was last imported, wherever it was imported.
 */
export async function currentIndex(): Promise<ScreeningIndex> {
  const sig = await signature();
  const held = holder.__tokenrailScreeningIndex;
  if (held && held.signature === sig) return held.index;
  const index = build();
  holder.__tokenrailScreeningIndex = { signature: sig, index };
  // A failed build is not kept: the next call builds again.
  index.catch(() => {
    if (holder.__tokenrailScreeningIndex?.index === index) holder.__tokenrailScreeningIndex = undefined;
  });
  return index;
}
