import type { Prisma } from "../generated/prisma/client.ts";
import { openEmail } from "../users/user-email.ts";
import { subjectKeyFor, type DataSubject } from "../keys/subject-keys.ts";
import { sealAuditText } from "./audit-text.ts";
import { dataSubjectOf } from "./data-subject.ts";

/** Who did it: the signed-in operator, and the request that carried the action (for matching against logs). */
export type AuditActor = {
  userId: string;
  requestId?: string;
  /**
   * What the entry names instead of the account's e-mail: a customer acting on their own profile is `customer`, since
   * the log is append-only and outlives the erasure of their address (C71).
   */
  email?: string;
};

/**
 * The instance itself, for what a scheduled job does on its own (the erasure after the retention period, C71): no
 * account, so the entry names it by this id and `system` as its email.
 */
export const SYSTEM_ACTOR: AuditActor = { userId: "00000000-0000-0000-0000-000000000000" };

/** Every action the audit log records. */
export const AUDIT_ACTIONS = [
  "profile.approve",
  "profile.reject",
  "profile.section.approve",
  "profile.section.reject",
  "profile.block",
  "profile.unblock",
  "order.process",
  "order.reject",
  "application.privileges",
  "application.privileges.request.grant",
  "application.privileges.request.decline",
  "application.kycModel",
  "application.review.approve",
  "application.review.reject",
  "sandbox.settings",
  "bank.exception.assign",
  "bank.exception.return",
  "bank.payment-file.release",
  "operator.roles",
  "operator.disable",
  "operator.enable",
  "approval.request",
  "approval.approve",
  "approval.reject",
  "operator.invite",
  "operator.invitation.accept",
  "operator.factor.enrol",
  "operator.factor.remove",
  "operator.recovery-codes.generate",
  "operator.recovery-code.use",
  "mail.send-again",
  "sanctions-list.import",
  "country.risk",
  "compliance.case.clear",
  "compliance.case.confirm",
  "profile.unfreeze",
  "monitoring.rule.change",
  "supply.alert.acknowledge",
  "profile.close",
  "profile.export",
  "profile.erasure.request",
  "profile.erase",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action is done to. */
export const AUDIT_SUBJECT_TYPES = [
  "profile",
  "order",
  "application",
  "sandbox",
  "bank-entry",
  "bank-file",
  "operator",
  "operator-invitation",
  "approval",
  "mail",
  "sanctions-list",
  "country",
  "compliance-case",
  "monitoring-rule",
  "supply-alert",
] as const;
export type AuditSubject = { type: (typeof AUDIT_SUBJECT_TYPES)[number]; id: string };

/**
 * Records an operator action in the transaction of the change it made: the entry exists exactly when the change
 * committed. The operator's email is copied as it is now, so the entry still says who it was if the account
 * changes later. The state before and after and the reason are sealed at rest (./audit-text.ts).
 */
export async function recordAudit(
  tx: Prisma.TransactionClient,
  entry: {
    actor: AuditActor;
    action: AuditAction;
    subject: AuditSubject;
    before?: Prisma.InputJsonValue;
    after?: Prisma.InputJsonValue;
    reason?: string | null;
    at: Date;
    /**
     * The customer the entry is about, whose key seals what it says (C71; ./data-subject.ts): by default the
     * profile its subject belongs to; `null` for an entry that names no one and must outlive their erasure.
     */
    dataSubject?: DataSubject | null;
  },
): Promise<void> {
  const email =
    entry.actor.userId === SYSTEM_ACTOR.userId
      ? "system"
      : (entry.actor.email ??
        openEmail(
          (await tx.user.findUniqueOrThrow({ where: { id: entry.actor.userId }, select: { email: true } })).email,
        ));
  const about = entry.dataSubject === undefined ? await dataSubjectOf(tx, entry.subject) : entry.dataSubject;
  const key = about ? await subjectKeyFor(tx, about, entry.at) : undefined;
  await tx.auditEntry.create({
    data: {
      at: entry.at,
      actorUserId: entry.actor.userId,
      actorEmail: email,
      action: entry.action,
      subjectType: entry.subject.type,
      subjectId: entry.subject.id,
      // What the action changed and why, sealed (C70; ./audit-text.ts), under the customer's key when it is about
      // one (C71); who acted on what stays plain.
      ...sealAuditText(entry, key),
      requestId: entry.actor.requestId ?? null,
    },
  });
}
