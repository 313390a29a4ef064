import { recordAudit, SYSTEM_ACTOR } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { fileStorage } from "../files/configured-storage.ts";
import type { FileStorage } from "../files/storage.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { profileRecipients } from "../mail/profile-recipients.ts";
import { closeInTransaction } from "./close-profile.ts";
import { eraseInTransaction, finishErasure } from "./erase-profile.ts";
import { resolveActor, retentionEnds, type RetentionActor } from "./retention-actor.ts";
import { mailRetentionNotice } from "./retention-mail.ts";
import { HAS_NUMBER } from "../ibans/iban-number.ts";

export type ErasureRequestOutcome =
  | { profileId: string; outcome: "erased"; erasedAt: string }
  | { profileId: string; outcome: "scheduled"; eraseAfter: string };

/**
 * Why we must keep a profile's data for the AML period, if we must: it was approved (we identified a customer), it
 * holds or held money (an order, a ledger account, an IBAN with a number), or compliance opened a case on it. A
 * profile with none of these never became a business relationship, and nothing obliges us to keep what it sent.
 */
export async function retentionDuty(tx: Prisma.TransactionClient, profileId: string): Promise<string | undefined> {
  const [approved, orders, accounts, iban, cases] = await Promise.all([
    tx.profileSubmission.count({ where: { profileId, state: "approved" } }),
    tx.order.count({ where: { profileId } }),
    tx.ledgerAccount.count({ where: { profileId } }),
    tx.iban.count({ where: { profileId, ...HAS_NUMBER } }),
    tx.complianceCase.count({ where: { profileId } }),
  ]);
  if (approved > 0) return "identity checked";
  if (orders > 0 || accounts > 0) return "transactions recorded";
  if (iban > 0) return "IBAN assigned";
  if (cases > 0) return "compliance case";
  return undefined;
}

/**
 * The customer's request to erase their data (C71), made by them or recorded by an operator for them. An open
 * profile is closed first. Where no retention duty applies it is erased at once; otherwise it is erased when the
 * retention period after closing ends (the scheduled job does it). Either way the request is audit-logged and the
 * customer is mailed; the mail that confirms an erasure is the last thing kept under their address, until it is sent.
 */
export async function requestErasure(options: {
  profileId: string;
  by: RetentionActor;
  reason?: string;
  config: Pick<Config, "retention" | "files" | "keys" | "secret">;
  clock?: Clock;
  storage?: FileStorage;
}): Promise<ErasureRequestOutcome> {
  const { profileId, actor, byOwner } = await resolveActor(options.by, options.profileId);
  const clock = options.clock ?? serverClock;
  const now = clock();
  const prisma = await db();
  const outcome = await prisma.$transaction(async (tx): Promise<ErasureRequestOutcome> => {
    await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${profileId}::uuid FOR UPDATE`;
    const profile = await tx.profile.findUnique({
      where: { id: profileId },
      select: { state: true, closedAt: true, erasedAt: true },
    });
    if (!profile) throw new AppError("NOT_FOUND", "Profile not found");
    if (profile.erasedAt) throw new AppError("CONFLICT", "The profile's personal data is erased already");
    const closedAt = profile.state === "closed" && profile.closedAt ? profile.closedAt : now;
    if (profile.state !== "closed") await closeInTransaction(tx, { profileId, now, reason: options.reason ?? null });
    const duty = await retentionDuty(tx, profileId);
    const eraseAfter = retentionEnds(closedAt, options.config.retention.years);
    await tx.profile.update({ where: { id: profileId }, data: { erasureRequestedAt: now } });
    await recordAudit(tx, {
      actor,
      action: "profile.erasure.request",
      subject: { type: "profile", id: profileId },
      before: { state: profile.state },
      after: duty ? { outcome: "scheduled", eraseAfter: eraseAfter.toISOString(), duty } : { outcome: "erased" },
      reason: options.reason ?? null,
      at: now,
    });
    if (duty) {
      await mailRetentionNotice(tx, profileId, { kind: "erasure-scheduled", retainedUntil: eraseAfter });
      return { profileId, outcome: "scheduled", eraseAfter: eraseAfter.toISOString() };
    }
    // Whom to tell is read before the people go; the mail is written after, so the erasure does not take it along.
    const recipients = await profileRecipients(tx, profileId);
    // The erasure is the instance's doing (the request above names who asked); an owner's account goes with it.
    await eraseInTransaction(tx, { profileId, cause: "request", actor: byOwner ? SYSTEM_ACTOR : actor, now });
    await mailRetentionNotice(tx, profileId, { kind: "erased" }, recipients);
    return { profileId, outcome: "erased", erasedAt: now.toISOString() };
  });
  if (outcome.outcome === "erased") {
    await finishErasure(profileId, options.storage ?? fileStorage(options.config), clock());
  }
  return outcome;
}
