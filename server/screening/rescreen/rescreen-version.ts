import { db } from "../../db/client.ts";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { openCase, type CaseHold } from "../cases/open-case.ts";
import { screenedListsWhere } from "../current-index.ts";
import type { ListEntry, ScreenedSource } from "../list-entry.ts";
import type { IndexedEntry, ScreeningIndex } from "../match/screening-index.ts";
import { addressHits, openAddressCases } from "../screen-address.ts";
import { profileSubjects } from "../screening-subjects.ts";
import { openValue } from "../../keys/sealed-value.ts";
import { SUBMISSION_DATA } from "../../profiles/submission-data.ts";

/** Profiles (or addresses) screened and recorded per step: one read, one short transaction. */
export const RESCREEN_BATCH = 1_000;
/** A claim not extended for this long is anyone's (the holder's death releases it at once; this is the net). */
export const RESCREEN_LEASE_MS = 5 * 60_000;

export type RescreenStep = { screened: number; opened: number; done: boolean };

/**
 * Claims the oldest re-screening not done whose claim is free (never claimed, its holder gone, or its lease
 * lapsed), for `holder`, in one statement: several instances never take the same one.
 */
export async function claimRescreen(
  prisma: PrismaClient,
  options: { holder: number; now: Date },
): Promise<string | undefined> {
  const { holder, now } = options;
  const until = new Date(now.getTime() + RESCREEN_LEASE_MS);
  const rows = await prisma.$queryRaw<{ versionId: string }[]>`
    UPDATE "SanctionsRescreen" SET state = 'running', "claimedBy" = ${holder}, "claimedUntil" = ${until},
      "startedAt" = COALESCE("startedAt", ${now})
    WHERE "versionId" = (
      SELECT "versionId" FROM "SanctionsRescreen"
      WHERE state <> 'done' AND ("claimedBy" IS NULL OR "claimedUntil" < ${now}
        OR "claimedBy" NOT IN (SELECT h FROM "live_claim_holders"() AS h))
      ORDER BY "createdAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING "versionId"::text AS "versionId"`;
  return rows[0]?.versionId;
}

/**
 * What a version can make a new hit with: the entries it added and changed, as they became (a removed entry makes
 * none). The sandbox's test list counts only where it is screened against.
 */
export async function versionDelta(versionId: string, environment: string): Promise<IndexedEntry[]> {
  const prisma = await db();
  const version = await prisma.sanctionsListVersion.findUnique({ where: { id: versionId }, select: { source: true } });
  if (!version) return [];
  const allowed = await prisma.sanctionsList.count({
    where: { source: version.source, ...screenedListsWhere(environment) },
  });
  if (allowed === 0) return [];
  const changes = await prisma.sanctionsEntryChange.findMany({
    where: { versionId, change: { in: ["added", "changed"] } },
    select: { after: true },
  });
  return changes
    .filter((c) => c.after !== null)
    .map((c) => ({ source: version.source as ScreenedSource, entry: c.after as unknown as ListEntry }));
}

/** Who a hit on a customer holds: an approval still to come waits for compliance; an approved profile holds nothing. */
function holdFor(state: string): CaseHold {
  return { holds: state === "created" || state === "pending" ? "approval" : "" };
}

/** Records a step's outcome and moves the cursor, only while `holder` still holds the claim (else: false). */
async function advance(
  tx: Prisma.TransactionClient,
  step: { versionId: string; holder: number; now: Date; data: Prisma.SanctionsRescreenUpdateManyMutationInput },
): Promise<boolean> {
  const { count } = await tx.sanctionsRescreen.updateMany({
    where: { versionId: step.versionId, claimedBy: step.holder, state: "running" },
    data: { ...step.data, claimedUntil: new Date(step.now.getTime() + RESCREEN_LEASE_MS) },
  });
  return count === 1;
}

/**
 * The next batch of customers with KYC details after `cursor`, each person and company screened against the
 * version's additions and changes; each hit opens a case (once), in the transaction that records the batch.
 */
export async function rescreenProfiles(options: {
  versionId: string;
  index: ScreeningIndex;
  threshold: number;
  cursor: string | null;
  holder: number;
  now: Date;
}): Promise<RescreenStep | undefined> {
  const { versionId, index, threshold, cursor, holder, now } = options;
  const prisma = await db();
  const rows = await prisma.profileSubmission.findMany({
    where: { section: "details", kind: "", ...(cursor ? { profileId: { gt: cursor } } : {}) },
    orderBy: { profileId: "asc" },
    take: RESCREEN_BATCH,
    select: { profileId: true, data: true, profile: { select: { kind: true, state: true } } },
  });
  const found = rows.flatMap((row) =>
    profileSubjects(row.profile.kind, openValue(row.data, SUBMISSION_DATA)).flatMap((subject) =>
      index.screenName(subject.query, { threshold }).map((hit) => ({ row, subject, hit })),
    ),
  );
  const last = rows.at(-1)?.profileId;
  return prisma.$transaction(async (tx) => {
    let opened = 0;
    for (const { row, subject, hit } of found) {
      const hold = holdFor(row.profile.state);
      if ((await openCase(tx, { profileId: row.profileId, subject, hit, hold, now }))?.opened) opened++;
    }
    const done = rows.length < RESCREEN_BATCH;
    const moved = await advance(tx, {
      versionId,
      holder,
      now,
      data: {
        profilesScreened: { increment: rows.length },
        casesOpened: { increment: opened },
        ...(done ? { phase: "addresses", cursor: null } : { cursor: last }),
      },
    });
    // The claim went to another instance meanwhile: this batch is its to record; nothing here is kept.
    if (!moved) throw new LostClaim();
    return { screened: rows.length, opened, done };
  });
}

/** The next batch of linked addresses after `cursor`, against the version's addresses; a hit opens a case. */
export async function rescreenAddresses(options: {
  versionId: string;
  index: ScreeningIndex;
  cursor: string | null;
  holder: number;
  now: Date;
}): Promise<RescreenStep> {
  const { versionId, index, cursor, holder, now } = options;
  const prisma = await db();
  const rows = await prisma.address.findMany({
    where: cursor ? { id: { gt: cursor } } : {},
    orderBy: { id: "asc" },
    take: RESCREEN_BATCH,
    select: { id: true, profileId: true, address: true },
  });
  const found = rows.map((row) => ({ row, hits: addressHits(index, row.address) })).filter((f) => f.hits.length > 0);
  return prisma.$transaction(async (tx) => {
    let opened = 0;
    for (const { row, hits } of found) {
      opened += await openAddressCases(tx, {
        profileId: row.profileId,
        address: row.address,
        hits,
        hold: { holds: "", holdsId: row.id },
        now,
      });
    }
    const done = rows.length < RESCREEN_BATCH;
    const moved = await advance(tx, {
      versionId,
      holder,
      now,
      data: {
        addressesScreened: { increment: rows.length },
        casesOpened: { increment: opened },
        ...(done
          ? { phase: "done", state: "done", cursor: null, finishedAt: now, claimedBy: null }
          : { cursor: rows.at(-1)?.id }),
      },
    });
    if (!moved) throw new LostClaim();
    return { screened: rows.length, opened, done };
  });
}

/** The claim was taken over (this instance's holder was thought gone, or its lease lapsed): stop, keep nothing. */
export class LostClaim extends Error {
  override name = "LostClaim";
}
