import { createHash } from "node:crypto";
import { AppError } from "../../errors.ts";
import type { BankFile, Payout } from "../../generated/prisma/client.ts";
import { formatDecimalAmount, parseDecimalAmount } from "../iso20022/decimal-amount.ts";
import { readBankFile } from "../iso20022/read-bank-file.ts";
import { at, childrenNamed, textAt, type XmlTree } from "../iso20022/xml-tree.ts";
import { openPaymentFile } from "./payment-file-content.ts";

/*
 * A payment file checked again before it leaves (C49): its stored bytes are the ones written (SHA-256), are valid
 * against the official schema of their message and version (`readBankFile` with our own direction admitted: the
 * same checks as for any bank file), and say what the database says: `NbOfTxs` and `CtrlSum` at group and at
 * payment-information level match the payments in it, and its payments are exactly the file's payouts, each end-to-end
 * id once with its amount.
 */

/** Every way the file differs from what it must be; empty when it is right. */
export function paymentFileProblems(file: BankFile, payouts: readonly Payout[]): string[] {
  if (!file.content) return ["the file has no content"];
  const bytes = openPaymentFile(file.content);
  const problems: string[] = [];
  if (createHash("sha256").update(bytes).digest("hex") !== file.sha256) {
    problems.push("its bytes are not the ones written (SHA-256 differs)");
  }
  let root: XmlTree;
  try {
    const read = readBankFile(bytes, { directions: ["out"] });
    if (read.definition.id !== file.message)
      problems.push(`it is a ${read.definition.id}, recorded as ${file.message}`);
    root = at(read.document, "CstmrCdtTrfInitn")!;
  } catch (error) {
    return [...problems, error instanceof Error ? error.message : String(error)];
  }
  if (textAt(root, "GrpHdr", "MsgId") !== file.messageId) problems.push("its MsgId is not the recorded message id");
  const transactions = childrenNamed(root, "PmtInf").flatMap((block) => {
    problems.push(
      ...controlProblems(block, childrenNamed(block, "CdtTrfTxInf"), `PmtInf ${textAt(block, "PmtInfId")}`),
    );
    return childrenNamed(block, "CdtTrfTxInf");
  });
  problems.push(...controlProblems(at(root, "GrpHdr"), transactions, "GrpHdr"));
  const expected = new Map(payouts.map((payout) => [payout.endToEndId, payout.amountMinor]));
  const seen = new Set<string>();
  for (const transaction of transactions) {
    const endToEndId = textAt(transaction, "PmtId", "EndToEndId") ?? "";
    const amount = amountOf(transaction);
    if (seen.has(endToEndId)) problems.push(`end-to-end id ${endToEndId} appears twice`);
    seen.add(endToEndId);
    const payout = expected.get(endToEndId);
    if (payout === undefined) problems.push(`end-to-end id ${endToEndId} is not a payout of this file`);
    else if (payout !== amount) problems.push(`end-to-end id ${endToEndId} pays ${String(amount)}, not ${payout}`);
  }
  for (const endToEndId of expected.keys()) {
    if (!seen.has(endToEndId)) problems.push(`payout ${endToEndId} is missing from the file`);
  }
  return problems;
}

/** Throws `CONFLICT` when the file is not what was written for its payouts. */
export function assertPaymentFile(file: BankFile, payouts: readonly Payout[]): void {
  const problems = paymentFileProblems(file, payouts);
  if (problems.length > 0) {
    throw new AppError("CONFLICT", `The payment file ${file.name} cannot be released: ${problems.join("; ")}`);
  }
}

function amountOf(transaction: XmlTree): bigint | undefined {
  const amount = at(transaction, "Amt", "InstdAmt");
  if (!amount) return undefined;
  const parsed = parseDecimalAmount(amount.text, amount.attributes.Ccy ?? "EUR");
  return parsed.ok ? parsed.minor : undefined;
}

/** `NbOfTxs` and `CtrlSum` of a group header or payment information block against its transactions. */
function controlProblems(element: XmlTree | undefined, transactions: readonly XmlTree[], where: string): string[] {
  const problems: string[] = [];
  if (textAt(element, "NbOfTxs") !== String(transactions.length)) {
    problems.push(`${where} NbOfTxs is ${textAt(element, "NbOfTxs")}, not ${transactions.length}`);
  }
  const total = transactions.reduce((sum, transaction) => sum + (amountOf(transaction) ?? 0n), 0n);
  const controlSum = textAt(element, "CtrlSum");
  const parsed = controlSum === undefined ? undefined : parseDecimalAmount(controlSum, "EUR");
  if (!parsed?.ok || parsed.minor !== total) {
    problems.push(`${where} CtrlSum is ${controlSum}, not ${formatDecimalAmount(total, "EUR")}`);
  }
  return problems;
}
