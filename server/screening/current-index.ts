import { db } from "../db/client.ts";
import type { ListEntry, ListSource } from "./list-entry.ts";
import { buildScreeningIndex, type ScreeningIndex } from "./match/screening-index.ts";

type Built = { signature: string; index: ScreeningIndex };

// One per process, on globalThis: the routes and the jobs are bundled apart but must share one index in memory.
const holder = globalThis as typeof globalThis & { __tokenrailScreeningIndex?: Promise<Built> };

/** Which versions the stored lists are at: the index is rebuilt when this changes (another instance imported). */
async function signature(): Promise<string> {
  const prisma = await db();
  const lists = await prisma.sanctionsList.findMany({ orderBy: { source: "asc" } });
  return lists.map((l) => `${l.source}:${l.versionNumber}`).join(",");
}

async function build(sig: string): Promise<Built> {
  const prisma = await db();
  const rows = await prisma.sanctionsEntry.findMany({ select: { source: true, entry: true } });
  const index = buildScreeningIndex(
    rows.map((row) => ({ source: row.source as ListSource, entry: row.entry as unknown as ListEntry })),
  );
  return { signature: sig, index };
}

/**
 * The screening index of every list's current version, in memory (P9: a name against every list in milliseconds).
 * Each call checks the lists' versions (one small query) and rebuilds the index when any moved on, so every
 * instance screens against what was last imported, wherever it was imported.
 */
export async function currentIndex(): Promise<ScreeningIndex> {
  const sig = await signature();
  const cached = holder.__tokenrailScreeningIndex
    ? await holder.__tokenrailScreeningIndex.catch(() => undefined)
    : undefined;
  if (cached && cached.signature === sig) return cached.index;
  const building = build(sig);
  holder.__tokenrailScreeningIndex = building;
  return (await building).index;
}
