import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { TEST_LIST, type ListEntry, type ScreenedSource } from "./list-entry.ts";
import { buildScreeningIndex, type ScreeningIndex } from "./match/screening-index.ts";

// One per process, on globalThis: the routes and the jobs are bundled apart but must share one index in memory. The
// signature is kept beside the build under way, so callers who ask while it is being built wait for that one build.
const holder = globalThis as typeof globalThis & {
  __tokenrailScreeningIndex?: { signature: string; index: Promise<ScreeningIndex> };
};

/**
 * The lists an instance of this environment screens against: the sandbox's test list only in the sandbox, so a
 * production instance never matches a test name or address, even on a database that somehow holds the list.
 */
export function screenedListsWhere(environment: string): { source?: { not: string } } {
  return environment === "sandbox" ? {} : { source: { not: TEST_LIST } };
}

/** Which versions the stored lists are at: the index is rebuilt when this changes (another instance imported). */
async function signature(environment: string): Promise<string> {
  const prisma = await db();
  const lists = await prisma.sanctionsList.findMany({
    where: screenedListsWhere(environment),
    orderBy: { source: "asc" },
  });
  return `${environment}|${lists.map((l) => `${l.source}:${l.versionNumber}`).join(",")}`;
}

async function build(environment: string): Promise<ScreeningIndex> {
  const prisma = await db();
  const rows = await prisma.sanctionsEntry.findMany({
    where: screenedListsWhere(environment),
    select: { source: true, entry: true },
  });
  return buildScreeningIndex(
    rows.map((row) => ({ source: row.source as ScreenedSource, entry: row.entry as unknown as ListEntry })),
  );
}

/**
 * The screening index of every list's current version, in memory (P9: a name against every list in milliseconds).
 * Each call checks the lists' versions (one small query) and rebuilds the index when any moved on, so every
 * instance screens against what was last imported, wherever it was imported.
 */
export async function currentIndex(environment: string = getConfig().environment): Promise<ScreeningIndex> {
  const sig = await signature(environment);
  const held = holder.__tokenrailScreeningIndex;
  if (held && held.signature === sig) return held.index;
  const index = build(environment);
  holder.__tokenrailScreeningIndex = { signature: sig, index };
  // A failed build is not kept: the next call builds again.
  index.catch(() => {
    if (holder.__tokenrailScreeningIndex?.index === index) holder.__tokenrailScreeningIndex = undefined;
  });
  return index;
}
