import { AppError } from "../../errors.ts";
import type { Payout, PayoutStatusLevel, Prisma } from "../../generated/prisma/client.ts";
import { logger } from "../../logging/logger.ts";
import type { PaymentStatusReport } from "../iso20022/read-payment-status.ts";
import { movePayout, type Move } from "./payout-transitions.ts";
import type { PayoutContext, PayoutOutcome } from "./payout-types.ts";
import { resolvePaymentStatus } from "./resolve-payment-status.ts";

/** ISO 20022 ExternalPaymentTransactionStatus1Code values that accept a payment (at one stage or another). */
const ACCEPTED = new Set(["ACCP", "ACSC", "ACSP", "ACTC", "ACWC", "ACCC", "ACFC", "ACIS", "ACWP"]);

/** What a pain.002 did to one payout, and what decided it. */
export type PaymentStatusOutcome = PayoutOutcome & {
  /** The level whose status answered the payment. */
  level: PayoutStatusLevel;
  status?: string;
  reason?: string;
};

/** What a status code does to a payout: accepted, rejected, or nothing (PDNG, RCVD, PART…). */
function moveFor(status: string | undefined, reasonCode: string | undefined, level: PayoutStatusLevel) {
  if (status === "RJCT") return { to: "rejected", reasonCode, level } satisfies Move;
  if (status !== undefined && ACCEPTED.has(status)) return { to: "accepted", level } satisfies Move;
  return undefined;
}

/**
 * A pain.002 on one of our payment files, inside the import's transaction (`ctx.fileId`: the status report's own
 * file). The report names our file by its message id (`OrgnlMsgId`); a report on a file that is not ours is refused
 * (VALIDATION), as is one naming a payment information block the file does not have: nothing of it is applied, and
 * the importer refuses the whole file, so an operator sees it rather than a rejection lost. Each payment is answered
 * by the most specific level with a status (`resolvePaymentStatus`): RJCT rejects the payment and gives its tokens
 * back once (`movePayout`); ACCP, ACSC, ACSP, ACTC, ACWC (and the other acceptances) accept; PART, PDNG and the like
 * change nothing. A status of a less specific level does not undo what a more specific one decided, in this report
 * or an earlier one, and applying a report again changes nothing. One outcome per payment of ours the report
 * answers; a listed end-to-end id that is not a payment of the file has none, is logged and reported by the
 * importer.
 */
export async function applyPaymentStatus(
  tx: Prisma.TransactionClient,
  report: PaymentStatusReport,
  ctx: PayoutContext & { fileId: string },
): Promise<PaymentStatusOutcome[]> {
  const file = await tx.bankFile.findUnique({
    where: { direction_messageId: { direction: "outbound", messageId: report.originalMessageId } },
    select: { id: true, messageId: true },
  });
  if (!file) {
    throw new AppError("VALIDATION", "The status report answers a payment file that is not ours", {
      "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlMsgId": `is ${report.originalMessageId}: no payment file of ours has this message id`,
    });
  }
  const payouts = await tx.payout.findMany({ where: { fileId: file.id }, orderBy: [{ sentAt: "asc" }, { id: "asc" }] });
  const { decisions, unknown } = resolvePaymentStatus(report, { messageId: file.messageId, payouts });
  const outcomes: PaymentStatusOutcome[] = [];
  for (const { payout, status, reason, level, listed } of decisions) {
    const move = moveFor(status, reason, level);
    // PART or PDNG above a payment the report does not list: nothing to do, nothing to say.
    if (!move && !listed) continue;
    const outcome = await apply(tx, payout, move, ctx);
    outcomes.push({
      ...outcome,
      level,
      ...(status !== undefined ? { status } : {}),
      ...(reason !== undefined ? { reason } : {}),
    });
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
