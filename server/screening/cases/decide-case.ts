import { requestApproval } from "../../approvals/request-approval.ts";
import type { ApprovalView } from "../../approvals/approval.responses.ts";
import { recordAudit, type AuditActor } from "../../audit/record-audit.ts";
import { serverClock, type Clock } from "../../clock.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { ComplianceCase, Prisma } from "../../generated/prisma/client.ts";
import { uuidOrUndefined } from "../../ids.ts";
import { settleProfileState } from "../../profiles/settle-profile-state.ts";
import { openProfileName } from "../../profiles/profile-name.ts";
import { caseSubjectName, sealCaseReason, sealEventNote } from "./case-text.ts";

async function openCase(tx: Prisma.TransactionClient, caseId: string) {
  const id = uuidOrUndefined(caseId);
  if (id) await tx.$queryRaw`SELECT id FROM "ComplianceCase" WHERE id = ${id}::uuid FOR UPDATE`;
  const found = id ? await tx.complianceCase.findUnique({ where: { id } }) : null;
  if (!found) throw new AppError("NOT_FOUND", "No such case");
  if (found.state !== "open") throw new AppError("CONFLICT", `The case was ${found.state} before`);
  return found;
}

/**
 * A compliance officer clears a case as a false positive (C64), with the reason: what it held goes on (a reviewer
 * may approve the profile), and the same match is not opened again while neither side changes. Audited.
 */
export async function clearCase(options: { caseId: string; reason: string; actor: AuditActor; clock?: Clock }) {
  const now = (options.clock ?? serverClock)();
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const found = await openCase(tx, options.caseId);
    await tx.complianceCase.update({
      where: { id: found.id },
      data: {
        state: "cleared",
        openKey: null,
        decidedAt: now,
        decidedById: options.actor.userId,
        reason: sealCaseReason(options.reason),
      },
    });
    await tx.complianceCaseEvent.create({
      data: {
        caseId: found.id,
        at: now,
        actorId: options.actor.userId,
        action: "cleared",
        note: sealEventNote(options.reason),
      },
    });
    await recordAudit(tx, {
      actor: options.actor,
      action: "compliance.case.clear",
      subject: { type: "compliance-case", id: found.id },
      reason: options.reason,
      at: now,
    });
    return { id: found.id, state: "cleared" as const };
  });
}

/**
 * Confirming a case freezes a profile: it waits for a second compliance officer (C66, four eyes). The same for a
 * sanctions hit and for a monitoring alert confirmed as suspicious activity (C67).
 */
export async function requestCaseConfirmation(options: {
  caseId: string;
  reason: string;
  actor: AuditActor;
  clock?: Clock;
}): Promise<ApprovalView> {
  const now = (options.clock ?? serverClock)();
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const found = await openCase(tx, options.caseId);
    await tx.complianceCaseEvent.create({
      data: {
        caseId: found.id,
        at: now,
        actorId: options.actor.userId,
        action: "confirmation-asked",
        note: sealEventNote(options.reason),
      },
    });
    return requestApproval(tx, {
      action: "case.confirm",
      subject: { type: "compliance-case", id: found.id },
      payload: { reason: options.reason },
      summary: await confirmationSummary(tx, found),
      actor: options.actor,
      now,
    });
  });
}

/** What the second officer is asked to confirm: the hit, or the suspicious activity and whose it is. */
async function confirmationSummary(tx: Prisma.TransactionClient, found: ComplianceCase): Promise<string> {
  if (found.kind !== "monitoring") {
    return `Case ${found.seq}: ${caseSubjectName(found)} matches ${found.listSource?.toUpperCase()} entry ${found.listRef}`;
  }
  const profile = found.profileId
    ? await tx.profile.findUnique({ where: { id: found.profileId }, select: { name: true } })
    : null;
  return `Case ${found.seq}: suspicious activity by ${openProfileName(profile?.name) || found.profileId} (${caseSubjectName(found)})`;
}

/**
 * The second officer approved: the case is confirmed and its profile frozen, in the approval's transaction. The
 * profile becomes `blocked` (no orders, no IBAN, credits to exceptions), and `profile.updated` tells the integrator
 * that its state changed, not why (tipping-off rules).
 */
export async function confirmCase(options: {
  caseId: string;
  reason: string;
  actor: AuditActor;
  now: Date;
  take: (tx: Prisma.TransactionClient) => Promise<void>;
}) {
  const { actor, now } = options;
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const found = await openCase(tx, options.caseId);
    await options.take(tx);
    await tx.complianceCase.update({
      where: { id: found.id },
      data: {
        state: "confirmed",
        openKey: null,
        decidedAt: now,
        decidedById: actor.userId,
        reason: sealCaseReason(options.reason),
      },
    });
    await tx.complianceCaseEvent.create({
      data: {
        caseId: found.id,
        at: now,
        actorId: actor.userId,
        action: "confirmed",
        note: sealEventNote(options.reason),
      },
    });
    if (found.profileId) {
      await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${found.profileId}::uuid FOR UPDATE`;
      await tx.profile.update({ where: { id: found.profileId }, data: { frozenAt: now } });
      await settleProfileState(tx, { profileId: found.profileId, now, blocked: true, reason: null });
    }
    await recordAudit(tx, {
      actor,
      action: "compliance.case.confirm",
      subject: { type: "compliance-case", id: found.id },
      after: { profileId: found.profileId, frozen: found.profileId !== null },
      reason: options.reason,
      at: now,
    });
    return { id: found.id, state: "confirmed" as const };
  });
}

/** Lifting a freeze waits for a second compliance officer too (C66). */
export async function requestUnfreeze(options: {
  profileId: string;
  reason: string;
  actor: AuditActor;
  clock?: Clock;
}): Promise<ApprovalView> {
  const now = (options.clock ?? serverClock)();
  const id = uuidOrUndefined(options.profileId);
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const profile = id
      ? await tx.profile.findUnique({ where: { id }, select: { id: true, name: true, frozenAt: true } })
      : null;
    if (!profile) throw new AppError("NOT_FOUND", "Profile not found");
    if (!profile.frozenAt) throw new AppError("CONFLICT", "The profile is not frozen");
    return requestApproval(tx, {
      action: "profile.unfreeze",
      subject: { type: "profile", id: profile.id },
      payload: { reason: options.reason },
      summary: `Unfreeze ${openProfileName(profile.name) || profile.id}`,
      actor: options.actor,
      now,
    });
  });
}

/** Approved by a second officer: the profile is no longer frozen, and its state follows its sections again. */
export async function unfreezeProfile(options: {
  profileId: string;
  reason: string;
  actor: AuditActor;
  now: Date;
  take: (tx: Prisma.TransactionClient) => Promise<void>;
}) {
  const { profileId, actor, now } = options;
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${profileId}::uuid FOR UPDATE`;
    const profile = await tx.profile.findUnique({ where: { id: profileId }, select: { frozenAt: true } });
    if (!profile?.frozenAt) throw new AppError("CONFLICT", "The profile is not frozen");
    await options.take(tx);
    await tx.profile.update({ where: { id: profileId }, data: { frozenAt: null } });
    const after = await settleProfileState(tx, { profileId, now, blocked: false });
    await recordAudit(tx, {
      actor,
      action: "profile.unfreeze",
      subject: { type: "profile", id: profileId },
      reason: options.reason,
      at: now,
    });
    return after;
  });
}
