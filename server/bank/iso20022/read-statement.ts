import { AppError } from "../../errors.ts";
import { type BankFile } from "./read-bank-file.ts";
import { readAmount, readCreditDebit, readDate, readEntry } from "./read-entry.ts";
import { type AccountReport, type Balance, type BankStatement } from "./statement.ts";
import { child, childrenNamed, textAt, type XmlTree } from "./xml-tree.ts";

/*
 * camt.053 (the day's statement), camt.054 (notifications as payments arrive) and camt.052 (intraday reports), in
 * the versions the registry lists, read into one shape. The file has passed `readBankFile`: it is schema-valid, so
 * required elements are there. Problems that concern one entry (an amount its currency cannot carry) are reported
 * on that entry and the rest of the file is still read: one bad line must not hold back a day of credits.
 */

const CONTAINERS = {
  "camt.052": { message: "BkToCstmrAcctRpt", report: "Rpt", kind: "report" },
  "camt.053": { message: "BkToCstmrStmt", report: "Stmt", kind: "statement" },
  "camt.054": { message: "BkToCstmrDbtCdtNtfctn", report: "Ntfctn", kind: "notification" },
} as const;

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

function readReport(report: XmlTree, kind: AccountReport["kind"]): AccountReport {
  const problems: string[] = [];
  const entries = childrenNamed(report, "Ntry").map((entry, index) => readEntry(entry, index + 1));
  return {
    kind,
    id: textAt(report, "Id") ?? "",
    createdAt: textAt(report, "CreDtTm"),
    accountIban: textAt(report, "Acct", "Id", "IBAN"),
    accountCurrency: textAt(report, "Acct", "Ccy"),
    openingBalance: readBalance(findBalance(report, "OPBD", "PRCD"), problems),
    closingBalance: readBalance(findBalance(report, "CLBD"), problems),
    entries,
    problems,
  };
}

/** Reads a validated camt.052, camt.053 or camt.054; any other message is refused. */
export function readStatement(file: BankFile): BankStatement {
  const { definition, document } = file;
  if (definition.message !== "camt.052" && definition.message !== "camt.053" && definition.message !== "camt.054") {
    throw new AppError("VALIDATION", `A ${definition.id} is not a statement or notification`, {
      Document: `is a ${definition.id}, not a camt.052, camt.053 or camt.054`,
    });
  }
  const container = CONTAINERS[definition.message];
  const message = child(document, container.message)!;
  const reports = childrenNamed(message, container.report).map((report) => readReport(report, container.kind));
  return {
    message: definition.message,
    version: definition.version,
    messageId: textAt(message, "GrpHdr", "MsgId") ?? "",
    createdAt: textAt(message, "GrpHdr", "CreDtTm") ?? "",
    accountIban: reports[0]?.accountIban,
    reports,
  };
}
