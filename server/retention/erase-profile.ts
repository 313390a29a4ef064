import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { shredSubjectRecords } from "../audit/subject-records.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { EVENT_DATA } from "../events/event-data.ts";
import { openValue, sealAtRest } from "../keys/sealed-value.ts";
import { SUBMISSION_DATA } from "../profiles/submission-data.ts";
import { documentIds } from "./document-ids.ts";
import { erasePeople } from "./erase-people.ts";
import { ERASED, pseudonymiseMoney } from "./pseudonymise-money.ts";
import type { FileStorage } from "../files/storage.ts";
import { db } from "../db/client.ts";
import { stateReasonData } from "../profiles/profile-name.ts";
import { sealCaseDetail, sealSubjectName } from "../screening/cases/case-text.ts";

/** Why a profile was erased: its retention period ran out, or its owner asked and nothing obliged us to keep it. */
export type ErasureCause = "retention" | "request";

export type ErasureCounts = Record<string, number>;

/**
 * Erases a profile's personal data inside the caller's transaction (C71), which must hold the profile's row lock:
 * submissions (the KYC data) are deleted, documents' records too, the people and their sign-in data (erase-people),
 * addresses linked and signatures awaited; the money path is pseudonymised (pseudonymise-money); the keys that seal
 * what the audit log and approvals say of them are destroyed (crypto-shredding). The `ProfileErasure`
 * row it writes lists the stored contents to remove once this commits (`finishErasure`): a file store is no part of
 * the transaction, and a content whose record is gone is unreachable even before it is removed.
 */
export async function eraseInTransaction(
  tx: Prisma.TransactionClient,
  options: { profileId: string; cause: ErasureCause; actor: AuditActor; now: Date },
): Promise<{ counts: ErasureCounts; emails: string[] }> {
  const { profileId, now } = options;
  const submissions = await tx.profileSubmission.findMany({ where: { profileId }, select: { data: true } });
  const submittedFiles = submissions.flatMap((s) => documentIds(openValue(s.data, SUBMISSION_DATA)));
  const money = await pseudonymiseMoney(tx, profileId);
  const people = await erasePeople(tx, profileId);
  const files = await tx.storedFile.findMany({
    where: {
      OR: [{ id: { in: [...submittedFiles, ...money.documentIds] } }, { uploadedById: { in: people.userIds } }],
    },
    select: { id: true, storageKey: true },
  });
  await tx.storedFile.deleteMany({ where: { id: { in: files.map((f) => f.id) } } });
  // Contents are stored once per content: one another record still names is not this profile's to remove.
  const keys = [...new Set(files.map((f) => f.storageKey))];
  const shared = await tx.storedFile.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } });
  const pendingKeys = keys.filter((k) => !shared.some((s) => s.storageKey === k));
  const deleted = {
    submissions: (await tx.profileSubmission.deleteMany({ where: { profileId } })).count,
    addresses: (await tx.address.deleteMany({ where: { profileId } })).count,
    signatures: (await tx.pendingSignature.deleteMany({ where: { profileId } })).count,
  };
  const events = await tx.domainEvent.findMany({ where: { profileId }, select: { id: true } });
  await tx.domainEvent.updateMany({ where: { profileId }, data: { data: sealAtRest({ erased: true }, EVENT_DATA) } });
  await tx.webhookDelivery.updateMany({
    where: { eventId: { in: events.map((e) => e.id) } },
    data: { payload: JSON.stringify({ erased: true }) },
  });
  const cases = await tx.complianceCase.updateMany({
    where: { profileId },
    // What stands in their place is sealed like any value of these columns.
    data: { subjectName: sealSubjectName(ERASED), detail: sealCaseDetail({}), reason: Prisma.DbNull },
  });
  // The officers' notes on those cases are about the person too: the history keeps its steps, without them.
  await tx.complianceCaseEvent.updateMany({ where: { case: { profileId } }, data: { note: Prisma.DbNull } });
  await tx.iban.updateMany({ where: { profileId }, data: { emailNotifications: false } });
  await tx.profile.update({
    where: { id: profileId },
    data: { name: "", stateReason: stateReasonData(null), erasedAt: now },
  });
  const counts: ErasureCounts = {
    ...deleted,
    files: files.length,
    contents: pendingKeys.length,
    users: people.users,
    mails: people.mails,
    orders: money.orders,
    payments: money.payments,
    payouts: money.payouts,
    bankEntries: money.bankEntries,
    events: events.length,
    complianceCases: cases.count,
  };
  // What the append-only audit log and approvals say of them is sealed under their keys: destroyed here, it opens no
  // more, while every entry stays where it was (crypto-shredding, C71).
  await shredSubjectRecords(tx, { profileId, userIds: people.userIds, now });
  await tx.profileErasure.create({
    data: { profileId, cause: options.cause, erasedAt: now, counts, pendingKeys },
  });
  await recordAudit(tx, {
    actor: options.actor,
    action: "profile.erase",
    subject: { type: "profile", id: profileId },
    after: { cause: options.cause, counts },
    at: now,
    // The record of the erasure names no one (what went, by kind) and stays readable.
    dataSubject: null,
  });
  return { counts, emails: people.emails };
}

/**
 * Removes the stored contents an erasure left to remove, then marks it finished. Removing what is gone already is a
 * no-op, so a run that died half-way is simply run again. A content uploaded afresh meanwhile (the same bytes, a new
 * record) is kept.
 */
export async function finishErasure(profileId: string, storage: FileStorage, now: Date): Promise<void> {
  const prisma = await db();
  const erasure = await prisma.profileErasure.findUnique({ where: { profileId } });
  if (!erasure || erasure.finishedAt) return;
  const named = await prisma.storedFile.findMany({
    where: { storageKey: { in: erasure.pendingKeys } },
    select: { storageKey: true },
  });
  for (const key of erasure.pendingKeys) {
    if (!named.some((n) => n.storageKey === key)) await storage.remove(key);
  }
  await prisma.profileErasure.update({ where: { profileId }, data: { pendingKeys: [], finishedAt: now } });
}
