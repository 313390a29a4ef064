import { db } from "../../db/client.ts";
import { LIST_SOURCES, type ListSource } from "../list-entry.ts";
import { LIST_NAMES } from "./list-names.ts";

export type ListStatus = {
  source: ListSource;
  name: string;
  /** 0 before the first import. */
  versionNumber: number;
  publishedAt: Date | null;
  importedAt: Date | null;
  entryCount: number;
  /** Since the publisher's date of the current issue (its import, when the file carries no date); null before any. */
  ageSeconds: number | null;
  /** Older than the setting, or never imported. */
  stale: boolean;
};

/** Every list this instance screens against, imported or not, with its age against `maxAgeHours` (C65). */
export async function listStatuses(options: { maxAgeHours: number; now: Date }): Promise<ListStatus[]> {
  const prisma = await db();
  const rows = new Map((await prisma.sanctionsList.findMany()).map((row) => [row.source, row]));
  return LIST_SOURCES.map((source) => {
    const row = rows.get(source);
    const since = row?.publishedAt ?? row?.importedAt ?? null;
    const ageSeconds = since ? Math.max(0, Math.floor((options.now.getTime() - since.getTime()) / 1000)) : null;
    return {
      source,
      name: LIST_NAMES[source],
      versionNumber: row?.versionNumber ?? 0,
      publishedAt: row?.publishedAt ?? null,
      importedAt: row?.importedAt ?? null,
      entryCount: row?.entryCount ?? 0,
      ageSeconds,
      stale: ageSeconds === null || ageSeconds > options.maxAgeHours * 3600,
    };
  });
}
