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

const json = (entry: ListEntry) => entry as unknown as Prisma.InputJsonValue;

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
    const before = new Map<string, Prisma.InputJsonValue>();
    for (const refs of chunks(replaced)) {
      const rows = await tx.sanctionsEntry.findMany({
        where: { source, ref: { in: refs } },
        select: { ref: true, entry: true },
      });
      for (const row of rows) before.set(row.ref, row.entry as Prisma.InputJsonValue);
      await tx.sanctionsEntry.deleteMany({ where: { source, ref: { in: refs } } });
    }
    const written: DigestedEntry[] = [...diff.added, ...diff.changed];
    for (const part of chunks(written)) {
      await tx.sanctionsEntry.createMany({
        data: part.map(({ entry, digest }) => ({
          source,
          ref: entry.ref,
          digest,
          kind: entry.kind,
          primaryName: entry.names.find((n) => n.primary)?.name ?? entry.names[0]?.name ?? "",
          entry: json(entry),
          since: number,
        })),
      });
    }

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
    const changes: Prisma.SanctionsEntryChangeCreateManyInput[] = [
      ...diff.added.map(({ entry }) => ({
        versionId: version.id,
        ref: entry.ref,
        change: "added",
        after: json(entry),
      })),
      ...diff.changed.map(({ entry }) => ({
        versionId: version.id,
        ref: entry.ref,
        change: "changed",
        after: json(entry),
        before: before.get(entry.ref),
      })),
      ...diff.removed.map((ref) => ({ versionId: version.id, ref, change: "removed", before: before.get(ref) })),
    ];
    for (const part of chunks(changes)) await tx.sanctionsEntryChange.createMany({ data: part });
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
