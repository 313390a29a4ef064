import type { Prisma } from "../../generated/prisma/client.ts";
import type { IndexedEntry } from "../match/screening-index.ts";
import type { ScreeningSubject } from "../screening-subjects.ts";
import { sealCaseDetail, sealSubjectName } from "./case-text.ts";
import { caseMatchKeys, whereMatch } from "./match-key.ts";

export type CaseHold = { holds: "approval" | "order" | "credit" | "address" | ""; holdsId?: string };

/** A name's hit (`ScreeningHit`) or an address's (score 1, the listed address as its explanation). */
export type CaseHit = IndexedEntry & { score: number; explanation: unknown };

/**
 * Opens a screening case for a hit on a subject (C64), in the caller's transaction, once: a hit already open is
 * noted again on its case, and a match an officer cleared stays cleared while neither the subject's name nor the
 * list's entry changed. Returns the case's id when one is (or already was) open.
 */
export async function openScreeningCase(
  tx: Prisma.TransactionClient,
  options: CaseOptions,
): Promise<string | undefined> {
  return (await openCase(tx, options))?.id;
}

type CaseOptions = {
  profileId: string | null;
  subject: ScreeningSubject;
  hit: CaseHit;
  hold: CaseHold;
  now: Date;
};

/** As `openScreeningCase`, also saying whether this call opened the case (`opened`) or found it open. */
export async function openCase(
  tx: Prisma.TransactionClient,
  options: CaseOptions,
): Promise<{ id: string; opened: boolean } | undefined> {
  const { profileId, subject, hit, hold, now } = options;
  const base = `${profileId ?? "-"}:${subject.kind}:${hit.source}:${hit.entry.ref}:${hold.holds}:${hold.holdsId ?? ""}`;
  const openKey = `screening:${base}`;
  // Keyed (./match-key.ts): the bare form finds a case written before, until the sealing pass keys it.
  const keys = caseMatchKeys(base, { subject: subject.query, entry: hit.entry });
  const { matchKey } = keys;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${openKey}))`;
  const open = await tx.complianceCase.findUnique({ where: { openKey }, select: { id: true, matchKey: true } });
  if (open) {
    if (open.matchKey !== matchKey && open.matchKey !== keys.bare) {
      await tx.complianceCase.update({
        where: { id: open.id },
        data: { matchKey, score: hit.score, detail: sealCaseDetail(hitDetail(subject, hit)) },
      });
      await tx.complianceCaseEvent.create({ data: { caseId: open.id, at: now, action: "matched-again" } });
    }
    return { id: open.id, opened: false };
  }
  const decided = await tx.complianceCase.findFirst({ where: whereMatch(keys), select: { id: true, state: true } });
  if (decided?.state === "cleared") return undefined;
  const created = await tx.complianceCase.create({
    data: {
      kind: "screening",
      profileId,
      subjectKind: subject.kind,
      subjectName: sealSubjectName(subject.query.name),
      holds: hold.holds,
      holdsId: hold.holdsId ?? null,
      listSource: hit.source,
      listRef: hit.entry.ref,
      score: hit.score,
      detail: sealCaseDetail(hitDetail(subject, hit)),
      openKey,
      matchKey,
      createdAt: now,
    },
  });
  await tx.complianceCaseEvent.create({ data: { caseId: created.id, at: now, action: "opened" } });
  return { id: created.id, opened: true };
}

/** What the case keeps of the hit (sealed at rest, ./case-text.ts): the subject as screened, the entry and why. */
function hitDetail(subject: ScreeningSubject, hit: CaseHit): Prisma.InputJsonObject {
  return JSON.parse(
    JSON.stringify({ subject: subject.query, entry: hit.entry, explanation: hit.explanation }),
  ) as Prisma.InputJsonObject;
}
