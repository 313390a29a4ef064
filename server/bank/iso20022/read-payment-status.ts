import { AppError } from "../../errors.ts";
import { type BankFile } from "./read-bank-file.ts";
import { child, childrenNamed, textAt, type XmlTree } from "./xml-tree.ts";

/*
 * A payment status report (pain.002) on a pain.001 we sent: whether the bank accepted the file and, per payment,
 * whether it was accepted (ACCP, ACSC…) or rejected (RJCT) and why. A rejected payout gives its tokens back
 * (C50); the end-to-end id leads to the order. Status codes are recorded as given: the external code lists grow.
 */

export type TransactionStatus = {
  originalEndToEndId?: string;
  originalInstructionId?: string;
  originalUetr?: string;
  /** ACCP, ACSC, ACSP, ACTC, PDNG, RJCT…; absent when the bank reports only a reason. */
  status?: string;
  /** The first status reason (`StsRsnInf/Rsn/Cd`, else `Prtry`), e.g. AC01 (incorrect account number). */
  reason?: string;
  additionalInformation: string[];
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
  transactions: TransactionStatus[];
};

function reasonOf(element: XmlTree | undefined): string | undefined {
  const first = child(element, "StsRsnInf");
  return textAt(first, "Rsn", "Cd") ?? textAt(first, "Rsn", "Prtry");
}

function readTransaction(element: XmlTree): TransactionStatus {
  return {
    originalEndToEndId: textAt(element, "OrgnlEndToEndId"),
    originalInstructionId: textAt(element, "OrgnlInstrId"),
    originalUetr: textAt(element, "OrgnlUETR"),
    status: textAt(element, "TxSts"),
    reason: reasonOf(element),
    additionalInformation: childrenNamed(element, "StsRsnInf").flatMap((information) =>
      childrenNamed(information, "AddtlInf").map((line) => line.text),
    ),
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
  return {
    messageId: textAt(report, "GrpHdr", "MsgId") ?? "",
    createdAt: textAt(report, "GrpHdr", "CreDtTm") ?? "",
    originalMessageId: textAt(group, "OrgnlMsgId") ?? "",
    originalMessageName: textAt(group, "OrgnlMsgNmId") ?? "",
    groupStatus: textAt(group, "GrpSts"),
    groupReason: reasonOf(group),
    transactions: childrenNamed(report, "OrgnlPmtInfAndSts").flatMap((information) =>
      childrenNamed(information, "TxInfAndSts").map(readTransaction),
    ),
  };
}
