import { AppError } from "../../errors.ts";
import { type BankFile } from "./read-bank-file.ts";
import { child, childrenNamed, textAt, type XmlTree } from "./xml-tree.ts";

/*
 * A payment status report (pain.002) on a pain.001 we sent. The bank answers at three levels, each optional: the
 * whole message (`OrgnlGrpInfAndSts/GrpSts`), each payment information block (`OrgnlPmtInfAndSts/PmtInfSts`) and
 * each payment (`TxInfAndSts/TxSts`), each with its reasons (`StsRsnInf`). A rejected block with no payments listed
 * rejects every payment in it (C50): what each level means for a payment is decided by `applyPaymentStatus`; this
 * reads all three as given. Status codes are recorded as given: the external code lists grow.
 */

/** A status and its reason, as one level of the report gives them. */
export type StatusAnswer = {
  /** ACCP, ACSC, ACSP, ACTC, PART, PDNG, RJCT…; absent when the level gives none. */
  status?: string;
  /** The first status reason code (`StsRsnInf/Rsn/Cd`, else `Prtry`), e.g. AM04 (insufficient funds). */
  reason?: string;
  /** Every `StsRsnInf/AddtlInf` line, in order. */
  additionalInformation: string[];
};

export type TransactionStatus = StatusAnswer & {
  /** The payment information block (`OrgnlPmtInfId`) the status is listed under. */
  originalPaymentInformationId: string;
  originalEndToEndId?: string;
  originalInstructionId?: string;
  originalUetr?: string;
};

export type PaymentInformationStatus = StatusAnswer & {
  originalPaymentInformationId: string;
  /** How many `TxInfAndSts` this block lists. */
  transactionCount: number;
};

export type PaymentStatusReport = {
  messageId: string;
  createdAt: string;
  originalMessageId: string;
  /** `pain.001.001.09`: which of our messages this answers. */
  originalMessageName: string;
  /** The status of the whole file (ACCP, RJCT, PART…), when the bank gives one. */
  groupStatus?: string;
  groupReason?: string;
  /** Each `OrgnlPmtInfAndSts`, in file order (a block may be named more than once). */
  paymentInformation: PaymentInformationStatus[];
  /** Every `TxInfAndSts` of every block, in file order. */
  transactions: TransactionStatus[];
};

function answerOf(element: XmlTree | undefined, statusName: string): StatusAnswer {
  const reasons = childrenNamed(element, "StsRsnInf");
  const coded = reasons.map((information) => textAt(information, "Rsn", "Cd") ?? textAt(information, "Rsn", "Prtry"));
  return {
    status: textAt(element, statusName),
    reason: coded.find((code) => code !== undefined),
    additionalInformation: reasons.flatMap((information) =>
      childrenNamed(information, "AddtlInf").map((line) => line.text),
    ),
  };
}

function readTransaction(element: XmlTree, originalPaymentInformationId: string): TransactionStatus {
  return {
    originalPaymentInformationId,
    originalEndToEndId: textAt(element, "OrgnlEndToEndId"),
    originalInstructionId: textAt(element, "OrgnlInstrId"),
    originalUetr: textAt(element, "OrgnlUETR"),
    ...answerOf(element, "TxSts"),
  };
}

/** Reads a validated pain.002; any other message is refused. */
export function readPaymentStatus(file: BankFile): PaymentStatusReport {
  if (file.definition.message !== "pain.002") {
    throw new AppError("VALIDATION", `A ${file.definition.id} is not a payment status report`, {
      Document: `is a ${file.definition.id}, not a pain.002`,
    });
  }
  const report = child(file.document, "CstmrPmtStsRpt")!;
  const group = child(report, "OrgnlGrpInfAndSts");
  const groupAnswer = answerOf(group, "GrpSts");
  const blocks = childrenNamed(report, "OrgnlPmtInfAndSts");
  // The schema requires OrgnlPmtInfId in every block.
  const blockId = (block: XmlTree) => textAt(block, "OrgnlPmtInfId") ?? "";
  return {
    messageId: textAt(report, "GrpHdr", "MsgId") ?? "",
    createdAt: textAt(report, "GrpHdr", "CreDtTm") ?? "",
    originalMessageId: textAt(group, "OrgnlMsgId") ?? "",
    originalMessageName: textAt(group, "OrgnlMsgNmId") ?? "",
    groupStatus: groupAnswer.status,
    groupReason: groupAnswer.reason,
    paymentInformation: blocks.map((block) => ({
      originalPaymentInformationId: blockId(block),
      ...answerOf(block, "PmtInfSts"),
      transactionCount: childrenNamed(block, "TxInfAndSts").length,
    })),
    transactions: blocks.flatMap((block) =>
      childrenNamed(block, "TxInfAndSts").map((element) => readTransaction(element, blockId(block))),
    ),
  };
}
