import { AppError } from "../../errors.ts";
import { CONTAINERS, type StatementContainer } from "./entry-envelope.ts";
import { type MessageDefinition } from "./message-registry.ts";
import { type BankFile } from "./read-bank-file.ts";
import { readAmount, readCreditDebit, readDate, readEntry } from "./read-entry.ts";
import { type AccountReport, type Balance, type BankStatement, type ReportHeader } from "./statement.ts";
import { child, childrenNamed, textAt, type XmlTree } from "./xml-tree.ts";

/*
 * camt.053 (the day's statement), camt.054 (notifications as payments arrive) and camt.052 (intraday reports), in
 * the versions the registry lists, read into one shape. The file has passed `readBankFile`: it is schema-valid, so
 * required elements are there. Problems that concern one entry (an amount its currency cannot carry) are reported
 * on that entry and the rest of the file is still read: one bad line must not hold back a day of credits.
 */

function balanceType(balance: XmlTree): string | undefined {
  return textAt(balance, "Tp", "CdOrPrtry", "Cd") ?? textAt(balance, "Tp", "CdOrPrtry", "Prtry");
}

function readBalance(balance: XmlTree | undefined, problems: string[]): Balance | undefined {
  if (!balance) return undefined;
  const type = balanceType(balance) ?? "";
  return {
    type,
    amount: readAmount(child(balance, "Amt")!, problems, `Bal[${type}]/Amt`),
    creditDebit: readCreditDebit(balance),
    date: readDate(child(balance, "Dt")) ?? "",
  };
}

function findBalance(report: XmlTree, ...types: string[]): XmlTree | undefined {
  for (const type of types) {
    const found = childrenNamed(report, "Bal").find((balance) => balanceType(balance) === type);
    if (found) return found;
  }
  return undefined;
}

/** Everything a report says but its entries: the streaming reader reads it from the envelope. */
export function readReportHeader(report: XmlTree, kind: AccountReport["kind"]): ReportHeader {
  const problems: string[] = [];
  return {
    kind,
    id: textAt(report, "Id") ?? "",
    createdAt: textAt(report, "CreDtTm"),
    accountIban: textAt(report, "Acct", "Id", "IBAN"),
    accountCurrency: textAt(report, "Acct", "Ccy"),
    openingBalance: readBalance(findBalance(report, "OPBD", "PRCD"), problems),
    closingBalance: readBalance(findBalance(report, "CLBD"), problems),
    problems,
  };
}

/** Where a statement message keeps its reports; any other message is refused. */
export function statementContainer(definition: MessageDefinition): StatementContainer {
  if (definition.message !== "camt.052" && definition.message !== "camt.053" && definition.message !== "camt.054") {
    throw new AppError("VALIDATION", `A ${definition.id} is not a statement or notification`, {
      Document: `is a ${definition.id}, not a camt.052, camt.053 or camt.054`,
    });
  }
  return CONTAINERS[definition.message];
}

/** The reports of a validated statement `document`, each read by `readReport`. */
export function readStatementWith<Report extends { accountIban?: string }>(
  file: BankFile,
  readReport: (report: XmlTree, kind: AccountReport["kind"]) => Report,
): Omit<BankStatement, "reports"> & { reports: Report[] } {
  const { definition, document } = file;
  const container = statementContainer(definition);
  const message = child(document, container.message)!;
  const reports = childrenNamed(message, container.report).map((report) => readReport(report, container.kind));
  return {
    message: definition.message as BankStatement["message"],
    version: definition.version,
    messageId: textAt(message, "GrpHdr", "MsgId") ?? "",
    createdAt: textAt(message, "GrpHdr", "CreDtTm") ?? "",
    accountIban: reports[0]?.accountIban,
    reports,
  };
}

/** Reads a validated camt.052, camt.053 or camt.054; any other message is refused. */
export function readStatement(file: BankFile): BankStatement {
  return readStatementWith(file, (report, kind) => ({
    ...readReportHeader(report, kind),
    entries: childrenNamed(report, "Ntry").map((entry, index) => readEntry(entry, index + 1)),
  }));
}
