import { XmlDocument, XmlLibError } from "libxml2-wasm";
import { messageById } from "../message-registry.ts";
import { validatorFor } from "../schema-validators.ts";
import { readableMessage } from "../validation-problems.ts";
import { addContent, createDocument, serialize, type XmlFields } from "../xml-writer.ts";

/*
 * Writes pain.002.001.11 status reports as banks send them, for tests: a status at any of the three levels (group,
 * payment information block, payment), each level optional, reasons with or without a code. Every file is parsed
 * again and validated against the official schema before it is returned, so a test cannot build on a file no bank
 * could send.
 */

/** One level's answer: a status, a reason code, a line of additional information; each may be left out. */
export type GeneratedStatus = { status?: string; reason?: string; information?: string };

export type GeneratedTransactionStatus = GeneratedStatus & { endToEndId?: string; instructionId?: string };

export type GeneratedBlockStatus = GeneratedStatus & {
  paymentInformationId: string;
  transactions?: readonly GeneratedTransactionStatus[];
};

export type GeneratedStatusReport = {
  messageId: string;
  /** ISO date-time with offset, e.g. `2026-11-26T11:02:00+01:00`. */
  createdAt: string;
  original: { messageId: string; messageName?: string };
  group?: GeneratedStatus;
  blocks?: readonly GeneratedBlockStatus[];
};

const PAIN_002 = messageById("pain.002.001.11");

function reasonOf(answer: GeneratedStatus): XmlFields | undefined {
  if (answer.reason === undefined && answer.information === undefined) return undefined;
  return {
    Rsn: answer.reason === undefined ? undefined : { Cd: answer.reason },
    AddtlInf: answer.information,
  };
}

function content(report: GeneratedStatusReport): XmlFields {
  const { group = {} } = report;
  return {
    GrpHdr: { MsgId: report.messageId, CreDtTm: report.createdAt },
    OrgnlGrpInfAndSts: {
      OrgnlMsgId: report.original.messageId,
      OrgnlMsgNmId: report.original.messageName ?? "pain.001.001.09",
      GrpSts: group.status,
      StsRsnInf: reasonOf(group),
    },
    OrgnlPmtInfAndSts: (report.blocks ?? []).map((block) => ({
      OrgnlPmtInfId: block.paymentInformationId,
      PmtInfSts: block.status,
      StsRsnInf: reasonOf(block),
      TxInfAndSts: (block.transactions ?? []).map((transaction, index) => ({
        StsId: `${block.paymentInformationId.slice(0, 30)}-${index + 1}`,
        OrgnlInstrId: transaction.instructionId,
        OrgnlEndToEndId: transaction.endToEndId,
        TxSts: transaction.status,
        StsRsnInf: reasonOf(transaction),
      })),
    })),
  };
}

/** The report as UTF-8 bytes, valid against the official pain.002.001.11 schema (else this throws). */
export function generatePain002(report: GeneratedStatusReport): Uint8Array {
  const { document, root } = createDocument(PAIN_002.namespace);
  let bytes: Uint8Array;
  try {
    addContent(root.addElement("CstmrPmtStsRpt"), content(report));
    bytes = serialize(document);
  } finally {
    document.dispose();
  }
  const written = XmlDocument.fromBuffer(bytes);
  try {
    validatorFor(PAIN_002).validate(written);
  } catch (error) {
    if (!(error instanceof XmlLibError)) throw error;
    const first = error.details[0];
    throw new Error(
      `The generated pain.002 ${report.messageId} is not schema-valid: ` +
        (first ? `line ${first.line}: ${readableMessage(first.message)}` : error.message),
    );
  } finally {
    written.dispose();
  }
  return bytes;
}
