import { XmlDocument, XmlLibError } from "libxml2-wasm";
import { formatDecimalAmount } from "./decimal-amount.ts";
import { messageById, type MessageDefinition } from "./message-registry.ts";
import { validatorFor } from "./schema-validators.ts";
import { assertSepaIdentifier, isCreditorReference, toSepaText } from "./sepa-text.ts";
import { readableMessage } from "./validation-problems.ts";
import { addContent, createDocument, serialize, type XmlFields } from "./xml-writer.ts";

/*
 * A SEPA credit transfer file (pain.001) for a batch of payouts: one payment information block (one debtor, one
 * execution date), service level SEPA, charges shared per SEPA rules (SLEV). `NbOfTxs` and `CtrlSum` are computed
 * here from the payments' minor units, at group and at payment-information level, so they cannot disagree with the
 * transactions (C49). The bytes are validated against the official schema before they are returned: a file that
 * fails is our bug, so it throws a plain Error rather than a refusal a caller could show.
 */

export type Pain001Version = "03" | "09";

export type Payment = {
  /** At most 35 characters; leads back to the redeem order. */
  endToEndId: string;
  instructionId: string;
  amountMinor: bigint;
  currency: "EUR";
  creditor: { name: string; iban: string; bic?: string };
  /** Either up to 140 characters of text or an ISO 11649 creditor reference (`RF…`), never both (EPC). */
  remittance: { unstructured: string } | { creditorReference: string };
};

export type PaymentBatch = {
  messageId: string;
  createdAt: Date;
  /** The master account: its holder's name, IBAN and the bank's BIC. */
  debtor: { name: string; iban: string; bic: string };
  /** `YYYY-MM-DD`. */
  requestedExecutionDate: string;
  payments: readonly Payment[];
};

/** EPC limit for names; the schema allows 140. */
const NAME_LENGTH = 70;
const REMITTANCE_LENGTH = 140;

function dateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function agent(bic: string, version: Pain001Version): XmlFields {
  return { FinInstnId: version === "09" ? { BICFI: bic } : { BIC: bic } };
}

function remittance(payment: Payment): XmlFields {
  if ("creditorReference" in payment.remittance) {
    const reference = payment.remittance.creditorReference;
    if (!isCreditorReference(reference)) throw new Error(`Not an RF creditor reference: "${reference}"`);
    return { Strd: { CdtrRefInf: { Tp: { CdOrPrtry: { Cd: "SCOR" }, Issr: "ISO" }, Ref: reference } } };
  }
  // Spelling out (ß → ss) may lengthen a text that fit: it is cut to the limit then, but a text given too long is a bug.
  const given = payment.remittance.unstructured;
  const text = toSepaText(given, REMITTANCE_LENGTH);
  if (given.length > REMITTANCE_LENGTH || text.length === 0) {
    throw new Error(`Remittance text must be 1 to ${REMITTANCE_LENGTH} characters: "${given}"`);
  }
  return { Ustrd: text };
}

function transaction(payment: Payment, version: Pain001Version): XmlFields {
  assertSepaIdentifier(payment.endToEndId, "endToEndId");
  assertSepaIdentifier(payment.instructionId, "instructionId");
  if (payment.amountMinor <= 0n) throw new Error(`Payment ${payment.endToEndId} has no positive amount`);
  return {
    PmtId: { InstrId: payment.instructionId, EndToEndId: payment.endToEndId },
    Amt: { InstdAmt: { "@Ccy": payment.currency, "#": formatDecimalAmount(payment.amountMinor, payment.currency) } },
    CdtrAgt: payment.creditor.bic ? agent(payment.creditor.bic, version) : undefined,
    Cdtr: { Nm: toSepaText(payment.creditor.name, NAME_LENGTH) },
    CdtrAcct: { Id: { IBAN: payment.creditor.iban } },
    RmtInf: remittance(payment),
  };
}

/** Every payment in one currency: a control sum adds amounts, so it must not add euros to anything else. */
function controlSum(payments: readonly Payment[]): string {
  const currencies = new Set(payments.map((payment) => payment.currency));
  if (currencies.size !== 1) throw new Error("A payment batch needs payments in exactly one currency");
  const total = payments.reduce((sum, payment) => sum + payment.amountMinor, 0n);
  return formatDecimalAmount(total, payments[0]!.currency);
}

function document(batch: PaymentBatch, version: Pain001Version): XmlFields {
  assertSepaIdentifier(batch.messageId, "messageId");
  const count = String(batch.payments.length);
  const sum = controlSum(batch.payments);
  const debtorName = toSepaText(batch.debtor.name, NAME_LENGTH);
  return {
    GrpHdr: {
      MsgId: batch.messageId,
      CreDtTm: dateTime(batch.createdAt),
      NbOfTxs: count,
      CtrlSum: sum,
      InitgPty: { Nm: debtorName },
    },
    PmtInf: {
      PmtInfId: batch.messageId,
      PmtMtd: "TRF",
      NbOfTxs: count,
      CtrlSum: sum,
      PmtTpInf: { SvcLvl: { Cd: "SEPA" } },
      ReqdExctnDt: version === "09" ? { Dt: batch.requestedExecutionDate } : batch.requestedExecutionDate,
      Dbtr: { Nm: debtorName },
      DbtrAcct: { Id: { IBAN: batch.debtor.iban } },
      DbtrAgt: agent(batch.debtor.bic, version),
      ChrgBr: "SLEV",
      CdtTrfTxInf: batch.payments.map((payment) => transaction(payment, version)),
    },
  };
}

/** The batch as a pain.001.001.`version` file (UTF-8 bytes), valid against the official schema. */
export function writePain001(batch: PaymentBatch, version: Pain001Version): Uint8Array {
  if (batch.payments.length === 0) throw new Error("A payment file needs at least one payment");
  const definition = messageById(`pain.001.001.${version}`);
  const content = document(batch, version);
  const { document: xml, root } = createDocument(definition.namespace);
  let bytes: Uint8Array;
  try {
    addContent(root.addElement("CstmrCdtTrfInitn"), content);
    bytes = serialize(xml);
  } finally {
    xml.dispose();
  }
  assertValid(bytes, definition, batch.messageId);
  return bytes;
}

/** Validates the bytes as the bank will read them: parsed again, against the official schema. */
function assertValid(bytes: Uint8Array, definition: MessageDefinition, messageId: string): void {
  const written = XmlDocument.fromBuffer(bytes);
  try {
    validatorFor(definition).validate(written);
  } catch (error) {
    if (!(error instanceof XmlLibError)) throw error;
    const first = error.details[0];
    throw new Error(
      `The ${definition.id} written for ${messageId} is not schema-valid: ` +
        (first ? `line ${first.line}: ${readableMessage(first.message)}` : error.message),
    );
  } finally {
    written.dispose();
  }
}
