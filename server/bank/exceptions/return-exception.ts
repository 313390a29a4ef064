import { recordAudit, type AuditActor } from "../../audit/record-audit.ts";
import { serverClock, type Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { db } from "../../db/client.ts";
import { instructReturn } from "../payments/payouts.ts";
import type { BankEntryView } from "../operator/bank-operator.responses.ts";
import { bankEntryView } from "../operator/bank-views.ts";
import { claimException } from "./claim-exception.ts";

/**
 * An operator returns an unmatched credit to its sender (C48): in one transaction the exception is taken (once), a
 * payout back to the debtor's IBAN with the original reference is instructed (the next payment file carries it), the
 * entry becomes `returned` with that payout, and the audit log records who did it and why.
 */
export async function returnException(options: {
  entryId: string;
  reason: string;
  actor: AuditActor;
  config: Config;
  clock?: Clock;
}): Promise<BankEntryView> {
  const { entryId, reason, actor, config, clock = serverClock } = options;
  const prisma = await db();
  const now = clock();
  const entry = await prisma.$transaction(async (tx) => {
    const before = await claimException(tx, { entryId, actor, now });
    const { payoutId } = await instructReturn(tx, before, { config, now });
    // instructReturn made the entry `returned` with its payout; who resolved it was set when it was taken.
    const after = await tx.bankEntry.findUniqueOrThrow({ where: { id: before.id } });
    await recordAudit(tx, {
      actor,
      action: "bank.exception.return",
      subject: { type: "bank-entry", id: before.id },
      before: { outcome: before.outcome, debtorIban: before.debtorIban, problem: before.problem },
      after: { outcome: after.outcome, payoutId },
      reason,
      at: now,
    });
    return after;
  });
  return bankEntryView(entry);
}
