import { recordAudit, type AuditActor } from "../../audit/record-audit.ts";
import { serverClock, type Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { db } from "../../db/client.ts";
import { instructReturn, returnableTo } from "../payments/payouts.ts";
import type { BankEntryView } from "../operator/bank-operator.responses.ts";
import { bankEntryView } from "../operator/bank-views.ts";
import { claimException, openException } from "./claim-exception.ts";
import type { ApprovalView } from "../../approvals/approval.responses.ts";
import { requestApproval } from "../../approvals/request-approval.ts";
import type { BankEntry, Prisma } from "../../generated/prisma/client.ts";
import { formatAmount } from "../../money/amount.ts";
import { entryText } from "../import/entry-text.ts";

/** What returning answers: the entry, returned; or (four eyes, C59) the approval it waits for. */
export type ReturnOutcome = { entry: BankEntryView } | { approval: ApprovalView };

/**
 * An operator asks to return an unmatched credit to its sender (C48). With four eyes on (C59) it waits for a second
 * operator (`approval`), who returns it by approving; the credit must still be an open exception, and one SEPA can
 * send back, to be asked for.
 * Otherwise it is returned at once (`performReturn`).
 */
export async function returnException(options: {
  entryId: string;
  reason: string;
  actor: AuditActor;
  config: Config;
  clock?: Clock;
}): Promise<ReturnOutcome> {
  const { entryId, reason, actor, config, clock = serverClock } = options;
  if (!config.fourEyes) return { entry: await performReturn(options) };
  const prisma = await db();
  const approval = await prisma.$transaction(async (tx) => {
    const entry = await openException(tx, entryId);
    await returnableTo(tx, entry);
    return requestApproval(tx, {
      action: "bank.exception.return",
      subject: { type: "bank-entry", id: entry.id },
      payload: { reason },
      summary: `Return ${formatAmount(entry.amountMinor)} ${entry.currency} to ${debtorOf(entry)}`,
      actor,
      now: clock(),
    });
  });
  return { approval };
}

/**
 * Returns an unmatched credit to its sender: in one transaction the exception is taken (once), a payout back to the
 * debtor's IBAN with the original reference is instructed (the next payment file carries it), the entry becomes
 * `returned` with that payout, and the audit log records who did it and why. `inClaim` runs in that transaction
 * (four eyes: the approval is taken there).
 */
export async function performReturn(options: {
  entryId: string;
  reason: string;
  actor: AuditActor;
  config: Config;
  clock?: Clock;
  inClaim?: (tx: Prisma.TransactionClient) => Promise<void>;
}): Promise<BankEntryView> {
  const { entryId, reason, actor, config, clock = serverClock, inClaim } = options;
  const prisma = await db();
  const now = clock();
  const entry = await prisma.$transaction(async (tx) => {
    const before = await claimException(tx, { entryId, actor, now });
    await inClaim?.(tx);
    const { payoutId } = await instructReturn(tx, before, { config, now });
    // instructReturn made the entry `returned` with its payout; who resolved it was set when it was taken.
    const after = await tx.bankEntry.findUniqueOrThrow({ where: { id: before.id } });
    await recordAudit(tx, {
      actor,
      action: "bank.exception.return",
      subject: { type: "bank-entry", id: before.id },
      before: { outcome: before.outcome, debtorIban: entryText(before).debtorIban, problem: before.problem },
      after: { outcome: after.outcome, payoutId },
      reason,
      at: now,
    });
    return after;
  });
  return bankEntryView(entry);
}

function debtorOf(entry: BankEntry): string {
  const { debtorName, debtorIban } = entryText(entry);
  return debtorName ?? debtorIban ?? "its sender";
}
