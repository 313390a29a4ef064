import { createHash } from "node:crypto";
import { recordAudit, type AuditActor } from "../../audit/record-audit.ts";
import { serverClock, type Clock } from "../../clock.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { ListEntry, ListSource, ParsedList } from "../list-entry.ts";
import { LIST_NAMES, type ListOrigin } from "./list-names.ts";
import { diffList, duplicateRefs, type DigestedEntry } from "./list-diff.ts";
import { versionView, type ListVersionView } from "./list-views.ts";
import { wakeRescreens } from "../rescreen/rescreen-wake.ts";

export type { ListOrigin };

/** Reads a whole list file, or refuses it with an `AppError` naming the problem (never a partial list). */
export type ListReader = (bytes: Uint8Array) => Promise<ParsedList>;

export type ListImport = { version: ListVersionView; duplicate: boolean };

/** A full list (~30,000 entries) is replaced in one transaction: it may take a while, and must not be cut short. */
const WAITS = { maxWait: 30_000, timeout: 180_000 } as const;
const CHUNK = 1_000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/*
 * The entries and changes are written set-based, a chunk per statement from one JSON parameter: a full list is some
 * 18,000 entries of a kilobyte or more, which Prisma's createMany would send as a statement of 8,000 parameters per
 * chunk, several times slower and holding far more memory (P9's import leg).
 */

async function insertEntries(tx: Prisma.TransactionClient, source: string, since: number, rows: DigestedEntry[]) {
  for (const part of chunks(rows)) {
    const payload = JSON.stringify(
      part.map(({ entry, digest }) => ({
        ref: entry.ref,
        digest,
        kind: entry.kind,
        primaryName: entry.names.find((n) => n.primary)?.name ?? entry.names[0]?.name ?? "",
        entry,
      })),
    );
    await tx.$executeRaw`
      INSERT INTO "SanctionsEntry" ("id", "source", "ref", "digest", "kind", "primaryName", "entry", "since")
      SELECT gen_random_uuid(), ${source}, r."ref", r."digest", r."kind", r."primaryName", r."entry", ${since}
      FROM jsonb_to_recordset(${payload}::jsonb)
        AS r("ref" text, "digest" text, "kind" text, "primaryName" text, "entry" jsonb)`;
  }
}

type ChangeRow = { ref: string; change: string; after: ListEntry | null; before: Prisma.JsonValue | null };

async function insertChanges(tx: Prisma.TransactionClient, versionId: string, rows: ChangeRow[]) {
  for (const part of chunks(rows)) {
    await tx.$executeRaw`
      INSERT INTO "SanctionsEntryChange" ("id", "versionId", "ref", "change", "after", "before")
      SELECT gen_random_uuid(), ${versionId}::uuid, r."ref", r."change", r."after", r."before"
      FROM jsonb_to_recordset(${JSON.stringify(part)}::jsonb)
        AS r("ref" text, "change" text, "after" jsonb, "before" jsonb)`;
  }
}

/**
 * Imports one issue of a sanctions list as a new version of it, all or nothing (C65): the file is read whole before
 * anything is written, then, under the list's lock, its entries replace the stored ones and each added, changed or
 * removed entry is recorded with the version. The same bytes again are the version they made (`duplicate`); an issue
 * older than the current one is refused, so a late copy never rolls a list back. A new version comes with its
 * re-screening of every customer (C65), made in the same transaction and worked in the background once committed.
 */
export async function importSanctionsList(options: {
  bytes: Uint8Array;
  fileName: string;
  origin: ListOrigin;
  /** The list the caller expects (an upload for a named list, a list's own URL); the file must be that list. */
  source?: ListSource;
  read: ListReader;
  actor?: AuditActor;
  clock?: Clock;
}): Promise<ListImport> {
  const { bytes, origin, actor } = options;
  const now = (options.clock ?? serverClock)();
  const fileDigest = createHash("sha256").update(bytes).digest("hex");
  const parsed = await options.read(bytes);
  if (options.source && parsed.source !== options.source) {
    throw new AppError(
      "BAD_REQUEST",
      `This file is the ${LIST_NAMES[parsed.source]}, not the ${LIST_NAMES[options.source]}`,
    );
  }
  const twice = duplicateRefs(parsed.entries);
  if (twice.length > 0) {
    throw new AppError("BAD_REQUEST", `The file names entry ${twice.slice(0, 3).join(", ")} more than once`);
  }
  const source = parsed.source;
  const publishedAt = parsed.publishedAt ? new Date(parsed.publishedAt) : null;

  const prisma = await db();
  const result = await prisma.$transaction(async (tx) => {
    await tx.sanctionsList.upsert({ where: { source }, create: { source }, update: {} });
    const [list] = await tx.$queryRaw<{ versionNumber: number; publishedAt: Date | null }[]>`
      SELECT "versionNumber", "publishedAt" FROM "SanctionsList" WHERE "source" = ${source} FOR UPDATE`;
    const same = await tx.sanctionsListVersion.findUnique({
      where: { source_fileDigest: { source, fileDigest } },
      include: { importedBy: { select: { email: true } } },
    });
    if (same) return { version: versionView(same), duplicate: true };
    if (list?.publishedAt && publishedAt && publishedAt < list.publishedAt) {
      throw new AppError(
        "CONFLICT",
        `This issue of the ${LIST_NAMES[source]} (${publishedAt.toISOString().slice(0, 10)}) is older than the ` +
          `current one (${list.publishedAt.toISOString().slice(0, 10)})`,
      );
    }

    const stored = await tx.sanctionsEntry.findMany({ where: { source }, select: { ref: true, digest: true } });
    const diff = diffList(stored, parsed.entries);
    const number = (list?.versionNumber ?? 0) + 1;
    const replaced = [...diff.changed.map((c) => c.entry.ref), ...diff.removed];
    const before = new Map<string, Prisma.JsonValue>();
    for (const refs of chunks(replaced)) {
      const rows = await tx.sanctionsEntry.findMany({
        where: { source, ref: { in: refs } },
        select: { ref: true, entry: true },
      });
      for (const row of rows) before.set(row.ref, row.entry);
      await tx.sanctionsEntry.deleteMany({ where: { source, ref: { in: refs } } });
    }
    await insertEntries(tx, source, number, [...diff.added, ...diff.changed]);

    const version = await tx.sanctionsListVersion.create({
      data: {
        source,
        number,
        fileDigest,
        fileName: options.fileName,
        fileSize: bytes.byteLength,
        origin,
        publishedAt,
        publisherVersion: parsed.publisherVersion ?? null,
        importedAt: now,
        importedById: actor?.userId ?? null,
        entryCount: parsed.entries.length,
        added: diff.added.length,
        changed: diff.changed.length,
        removed: diff.removed.length,
      },
      include: { importedBy: { select: { email: true } } },
    });
    const changes: ChangeRow[] = [
      ...diff.added.map(({ entry }) => ({ ref: entry.ref, change: "added", after: entry, before: null })),
      ...diff.changed.map(({ entry }) => ({
        ref: entry.ref,
        change: "changed",
        after: entry,
        before: before.get(entry.ref) ?? null,
      })),
      ...diff.removed.map((ref) => ({ ref, change: "removed", after: null, before: before.get(ref) ?? null })),
    ];
    await insertChanges(tx, version.id, changes);
    // Nothing added or changed can make no new hit: such a version's re-screening is done as it is made.
    const nothingNew = diff.added.length + diff.changed.length === 0;
    await tx.sanctionsRescreen.create({
      data: {
        versionId: version.id,
        createdAt: now,
        ...(nothingNew ? { state: "done", phase: "done", startedAt: now, finishedAt: now } : {}),
      },
    });
    await tx.sanctionsList.update({
      where: { source },
      data: { versionNumber: number, publishedAt, importedAt: now, entryCount: parsed.entries.length },
    });
    if (actor) {
      await recordAudit(tx, {
        actor,
        action: "sanctions-list.import",
        subject: { type: "sanctions-list", id: version.id },
        after: { source, number, added: diff.added.length, changed: diff.changed.length, removed: diff.removed.length },
        at: now,
      });
    }
    return { version: versionView(version), duplicate: false };
  }, WAITS);
  if (!result.duplicate) wakeRescreens();
  return result;
}
