import type { Prisma } from "../generated/prisma/client.ts";
import { sealCaseDetail, sealSubjectName } from "../screening/cases/case-text.ts";
import type { Alert } from "./movement.ts";
import { isRuleKey } from "./rule-parameters.ts";
import { RULE_NAMES } from "./rule-view.ts";

/** The case key of an alert: one case per alert, ever (the alert's key is unique too). */
export const alertCaseKey = (alertKey: string) => `monitoring:${alertKey}`;

/**
 * Opens the case of a freshly recorded alert (C67), in the alert's transaction: a monitoring case in the same queue
 * as the screening cases, decided the same way (cleared, or confirmed by two officers, which freezes the profile).
 * It holds nothing: an alert does not stop money, it asks for a human look. Once per alert: a second call finds
 * the case by its key and opens none.
 */
export async function openAlertCase(
  tx: Prisma.TransactionClient,
  alert: Alert,
  options: { alertId: string; now: Date },
): Promise<string> {
  const key = alertCaseKey(alert.alertKey);
  const known = await tx.complianceCase.findFirst({ where: { matchKey: key }, select: { id: true } });
  if (known) return known.id;
  const creditOrder =
    alert.subject.kind === "credit"
      ? await tx.incomingPayment.findUnique({ where: { id: alert.subject.id }, select: { orderId: true } })
      : null;
  const detail = {
    alertId: options.alertId,
    rule: { key: alert.ruleKey, name: ruleName(alert.ruleKey) },
    amount: alert.amount,
    currency: alert.currency,
    window: alert.window,
    explanation: alert.explanation,
    // The order behind the movement: the redeem order itself, or the issue order a credit was minted as.
    movement: {
      ...alert.subject,
      orderId: creditOrder?.orderId ?? (alert.subject.kind === "order" ? alert.subject.id : null),
    },
    related: alert.related,
  };
  const created = await tx.complianceCase.create({
    data: {
      kind: "monitoring",
      profileId: alert.profileId,
      subjectKind: alert.ruleKey,
      subjectName: sealSubjectName(ruleName(alert.ruleKey)),
      holds: "",
      detail: sealCaseDetail(detail),
      openKey: key,
      matchKey: key,
      createdAt: options.now,
    },
  });
  await tx.complianceCaseEvent.create({ data: { caseId: created.id, at: options.now, action: "opened" } });
  return created.id;
}

export const ruleName = (key: string) => (isRuleKey(key) ? RULE_NAMES[key] : key);
