import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { uuidOrUndefined } from "../../ids.ts";
import type { ListEntry, ScreenedSource } from "../list-entry.ts";
import type { VersionChangesQuery } from "./lists.schemas.ts";
import { rescreenView, type RescreenView } from "./lists.responses.ts";
import { versionView, type ListVersionView } from "./list-views.ts";

const IMPORTED_BY = { importedBy: { select: { email: true } } } as const;
const VERSIONS_SHOWN = 50;
const CHANGES_PER_PAGE = 50;

/** A list's latest versions, newest first. */
export async function listVersions(source: ScreenedSource): Promise<ListVersionView[]> {
  const prisma = await db();
  const rows = await prisma.sanctionsListVersion.findMany({
    where: { source },
    orderBy: { number: "desc" },
    take: VERSIONS_SHOWN,
    include: IMPORTED_BY,
  });
  return rows.map(versionView);
}

export type EntryChangeView = {
  ref: string;
  change: "added" | "changed" | "removed";
  after: ListEntry | null;
  before: ListEntry | null;
};

/** One version and a page of what it changed, entry by entry (in ref order). */
export async function versionChanges(
  id: string,
  query: VersionChangesQuery,
): Promise<{
  version: ListVersionView;
  rescreen: RescreenView | null;
  changes: EntryChangeView[];
  page: number;
  pages: number;
}> {
  const prisma = await db();
  const versionId = uuidOrUndefined(id);
  const version = versionId
    ? await prisma.sanctionsListVersion.findUnique({
        where: { id: versionId },
        include: { ...IMPORTED_BY, rescreen: true },
      })
    : null;
  if (!version) throw new AppError("NOT_FOUND", "No such list version");
  const where = { versionId: version.id, ...(query.change ? { change: query.change } : {}) };
  const [total, rows] = await Promise.all([
    prisma.sanctionsEntryChange.count({ where }),
    prisma.sanctionsEntryChange.findMany({
      where,
      orderBy: [{ change: "asc" }, { ref: "asc" }],
      skip: (query.page - 1) * CHANGES_PER_PAGE,
      take: CHANGES_PER_PAGE,
    }),
  ]);
  const { rescreen } = version;
  return {
    version: versionView(version),
    // The version's re-screening of every customer, as far as it got (C65); null for a version older than it.
    rescreen: rescreen
      ? rescreenView.parse({
          ...rescreen,
          startedAt: rescreen.startedAt?.toISOString() ?? null,
          finishedAt: rescreen.finishedAt?.toISOString() ?? null,
        })
      : null,
    changes: rows.map((row) => ({
      ref: row.ref,
      change: row.change as EntryChangeView["change"],
      after: (row.after as ListEntry | null) ?? null,
      before: (row.before as ListEntry | null) ?? null,
    })),
    page: query.page,
    pages: Math.max(1, Math.ceil(total / CHANGES_PER_PAGE)),
  };
}
