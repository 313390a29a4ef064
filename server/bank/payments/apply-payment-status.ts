import type { Payout, Prisma } from "../../generated/prisma/client.ts";
import { logger } from "../../logging/logger.ts";
import type { PaymentStatusReport } from "../iso20022/read-payment-status.ts";
import { movePayout, type Move } from "./payout-transitions.ts";
import type { PayoutContext, PayoutOutcome } from "./payout-types.ts";

/** ISO 20022 ExternalPaymentTransactionStatus1Code values that accept a payment (at one stage or another). */
const ACCEPTED = new Set(["ACCP", "ACSC", "ACSP", "ACTC", "ACWC", "ACCC", "ACFC", "ACIS", "ACWP"]);

/** What a status code does to a payout: accepted, rejected, or nothing (PDNG, RCVD, PART…). */
function moveFor(status: string | undefined, reasonCode: string | undefined): Move | undefined {
  if (status === "RJCT") return { to: "rejected", reasonCode };
  if (status !== undefined && ACCEPTED.has(status)) return { to: "accepted" };
  return undefined;
}

/**
 * A pain.002 on one of our payment files, inside the import's transaction (`ctx.fileId`: the status report's own
 * file). The report names our file by its message id (`OrgnlMsgId`) and each payment by its end-to-end id. RJCT
 * rejects the payment and gives its tokens back once (`movePayout`); a group status RJCT rejects, and a group
 * acceptance accepts, every payment of the file that the report does not answer one by one (PART leaves it to them);
 * ACCP, ACSC, ACSP, ACTC, ACWC (and the other acceptances) accept; PDNG and the like change nothing. Applying a
 * report again changes nothing. One outcome per payment of ours the report answers; a transaction whose end-to-end
 * id is not a payment of that file (or a report on a file that is not ours) has none, is logged, and is left to
 * the importer to report: nothing about it is fatal.
 */
export async function applyPaymentStatus(
  tx: Prisma.TransactionClient,
  report: PaymentStatusReport,
  ctx: PayoutContext & { fileId: string },
): Promise<PayoutOutcome[]> {
  const file = await tx.bankFile.findUnique({
    where: { direction_messageId: { direction: "outbound", messageId: report.originalMessageId } },
    select: { id: true },
  });
  if (!file) {
    logger().warn(
      { statusReport: ctx.fileId, originalMessageId: report.originalMessageId },
      "a payment status report on a payment file that is not ours",
    );
    return [];
  }
  const payouts = await tx.payout.findMany({ where: { fileId: file.id }, orderBy: [{ sentAt: "asc" }, { id: "asc" }] });
  const byEndToEndId = new Map(payouts.map((payout) => [payout.endToEndId, payout]));
  const group = moveFor(report.groupStatus, report.groupReason);
  const outcomes: PayoutOutcome[] = [];
  const answered = new Set<string>();
  const unknown: string[] = [];
  for (const transaction of report.transactions) {
    const payout = transaction.originalEndToEndId && byEndToEndId.get(transaction.originalEndToEndId);
    if (!payout) {
      unknown.push(transaction.originalEndToEndId ?? "(none)");
      continue;
    }
    answered.add(payout.id);
    const reasonCode = transaction.reason ?? report.groupReason;
    // A payment listed with a reason and no status of its own shares a rejected group's fate.
    const move =
      transaction.status === undefined && group?.to === "rejected"
        ? { to: "rejected" as const, reasonCode }
        : moveFor(transaction.status, reasonCode);
    outcomes.push(await apply(tx, payout, move, ctx));
  }
  if (group) {
    for (const payout of payouts) {
      if (!answered.has(payout.id)) outcomes.push(await apply(tx, payout, group, ctx));
    }
  }
  if (unknown.length > 0) {
    logger().warn(
      { statusReport: ctx.fileId, paymentFile: file.id, endToEndIds: unknown },
      "a payment status report answers payments that are not in the payment file",
    );
  }
  return outcomes;
}

async function apply(
  tx: Prisma.TransactionClient,
  payout: Payout,
  move: Move | undefined,
  ctx: PayoutContext,
): Promise<PayoutOutcome> {
  if (move) return movePayout(tx, payout, move, ctx);
  const current = await tx.payout.findUniqueOrThrow({ where: { id: payout.id }, select: { state: true } });
  return { payoutId: payout.id, endToEndId: payout.endToEndId, state: current.state, changed: false };
}
