import { AppError } from "../../errors.ts";
import type { Payout, PayoutStatusLevel } from "../../generated/prisma/client.ts";
import type { PaymentStatusReport, StatusAnswer } from "../iso20022/read-payment-status.ts";

/*
 * What a pain.002 says of each payment of one of our files, level by level (C50). A payment is answered by the most
 * specific level that gives a status: its own `TxSts`, else its payment information block's `PmtInfSts`, else the
 * group's `GrpSts`. So RJCT at block or group level rejects every payment under it the report does not answer one
 * by one, an acceptance there accepts them, and PART or PDNG there leaves each to its own status (a payment it does
 * not list gets nothing). The reason comes from the most specific level that gives one.
 */

export type PaymentStatusDecision = {
  payout: Payout;
  /** The deciding status; undefined when no level gives one. */
  status?: string;
  reason?: string;
  /** The level whose status decided (the payment's own when none did). */
  level: PayoutStatusLevel;
  /** Whether the report lists the payment (`TxInfAndSts`) rather than answering it through its block or group. */
  listed: boolean;
};

export type ResolvedPaymentStatus = {
  /** In report order: each listed payment as listed, then the payments a block or group status answers. */
  decisions: PaymentStatusDecision[];
  /** End-to-end ids listed that are not payments of the file (a payment is named by its end-to-end id). */
  unknown: string[];
};

const GROUP = "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts";
const BLOCK = "Document/CstmrPmtStsRpt/OrgnlPmtInfAndSts";

/**
 * `file`: our payment file the report names by `OrgnlMsgId`, with its payouts. Our pain.001 files carry one
 * payment information block whose `PmtInfId` is the file's `MsgId` (write-pain001.ts); a block the report names
 * otherwise, or one block named twice with different statuses, cannot be placed: the report is refused.
 */
export function resolvePaymentStatus(
  report: PaymentStatusReport,
  file: { messageId: string; payouts: readonly Payout[] },
): ResolvedPaymentStatus {
  const block = blockAnswer(report, file.messageId);
  const group: StatusAnswer = { status: report.groupStatus, reason: report.groupReason, additionalInformation: [] };
  const byEndToEndId = new Map(file.payouts.map((payout) => [payout.endToEndId, payout]));
  const decisions: PaymentStatusDecision[] = [];
  const answered = new Set<string>();
  const unknown: string[] = [];
  for (const transaction of report.transactions) {
    const id = transaction.originalEndToEndId;
    const payout = id !== undefined ? byEndToEndId.get(id) : undefined;
    if (!payout) {
      unknown.push(id ?? "(none)");
      continue;
    }
    answered.add(payout.id);
    decisions.push({
      payout,
      listed: true,
      ...decide([
        ["transaction", transaction],
        ["paymentInformation", block],
        ["group", group],
      ]),
    });
  }
  for (const payout of file.payouts) {
    if (answered.has(payout.id)) continue;
    const decision = decide([
      ["paymentInformation", block],
      ["group", group],
    ]);
    if (decision.status !== undefined) decisions.push({ payout, listed: false, ...decision });
  }
  return { decisions, unknown };
}

/** The first level (most specific first) with a status decides; the first with a reason gives the reason. */
function decide(levels: [PayoutStatusLevel, StatusAnswer][]): Omit<PaymentStatusDecision, "payout" | "listed"> {
  const deciding = levels.find(([, answer]) => answer.status !== undefined);
  const reason = levels.find(([, answer]) => answer.reason !== undefined)?.[1].reason;
  return {
    level: deciding?.[0] ?? levels[0]![0],
    ...(deciding ? { status: deciding[1].status } : {}),
    ...(reason !== undefined ? { reason } : {}),
  };
}

/** The status of our one payment information block, from however many `OrgnlPmtInfAndSts` name it. */
function blockAnswer(report: PaymentStatusReport, paymentInformationId: string): StatusAnswer {
  const answer: StatusAnswer = { additionalInformation: [] };
  report.paymentInformation.forEach((block, index) => {
    const element = `${BLOCK}[${index + 1}]`;
    if (block.originalPaymentInformationId !== paymentInformationId) {
      throw new AppError("VALIDATION", `The status report names a payment information block that is not in the file`, {
        [`${element}/OrgnlPmtInfId`]:
          `is ${block.originalPaymentInformationId}, not the block of payment file ${paymentInformationId} ` +
          `(${GROUP}/OrgnlMsgId)`,
      });
    }
    if (block.status !== undefined && answer.status !== undefined && block.status !== answer.status) {
      throw new AppError("VALIDATION", `The status report gives one payment information block two statuses`, {
        [`${element}/PmtInfSts`]: `is ${block.status}, but an earlier OrgnlPmtInfAndSts of the block says ${answer.status}`,
      });
    }
    answer.status ??= block.status;
    answer.reason ??= block.reason;
  });
  return answer;
}
