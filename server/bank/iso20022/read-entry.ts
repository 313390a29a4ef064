import { parseDecimalAmount } from "./decimal-amount.ts";
import { entryContradiction } from "./entry-agreement.ts";
import {
  type BankAmount,
  type BankTransactionCode,
  type CreditDebit,
  type EntryTransaction,
  type StatementEntry,
} from "./statement.ts";
import { at, child, childrenNamed, textAt, type XmlTree } from "./xml-tree.ts";

/*
 * One `Ntry` and its `TxDtls`, in any version we read. Where versions differ the reader tries each place in turn
 * (the newer first); the schema has already said the file is well-formed for its version, so at most one of them is
 * there.
 */

/** The first non-empty text among several paths (each a list of child names). */
function firstText(element: XmlTree | undefined, ...paths: string[][]): string | undefined {
  for (const path of paths) {
    const text = textAt(element, ...path);
    if (text) return text;
  }
  return undefined;
}

/** Reads an `Amt Ccy="…"` element; an amount its currency cannot carry is added to `problems`, never rounded. */
export function readAmount(element: XmlTree, problems: string[], where: string): BankAmount {
  const currency = element.attributes.Ccy ?? "";
  const parsed = parseDecimalAmount(element.text, currency);
  if (!parsed.ok) problems.push(`${where}: ${parsed.reason}`);
  return { decimal: element.text.trim(), currency, minor: parsed.ok ? parsed.minor : null };
}

export function readCreditDebit(element: XmlTree | undefined): CreditDebit {
  // The schema allows these two values only.
  return textAt(element, "CdtDbtInd") === "DBIT" ? "DBIT" : "CRDT";
}

/** `BookgDt/Dt` or `BookgDt/DtTm`. */
export function readDate(element: XmlTree | undefined): string | undefined {
  return firstText(element, ["Dt"], ["DtTm"]);
}

function readBankTransactionCode(element: XmlTree | undefined): BankTransactionCode | undefined {
  if (!element) return undefined;
  return {
    domain: textAt(element, "Domn", "Cd"),
    family: textAt(element, "Domn", "Fmly", "Cd"),
    subFamily: textAt(element, "Domn", "Fmly", "SubFmlyCd"),
    proprietary: textAt(element, "Prtry", "Cd"),
  };
}

function readTransaction(details: XmlTree, problems: string[], where: string): EntryTransaction {
  const refs = child(details, "Refs");
  const parties = child(details, "RltdPties");
  const remittance = child(details, "RmtInf");
  // .04 and .08 give the transaction's amount as `Amt`; .02 only under `AmtDtls/TxAmt`. Where both are given they
  // must agree, which `entryContradiction` checks.
  const own = child(details, "Amt");
  const inDetails = at(details, "AmtDtls", "TxAmt", "Amt");
  const amount = own ?? inDetails;
  return {
    accountServicerReference: textAt(refs, "AcctSvcrRef"),
    endToEndId: textAt(refs, "EndToEndId"),
    transactionId: textAt(refs, "TxId"),
    instructionId: textAt(refs, "InstrId"),
    uetr: textAt(refs, "UETR"),
    amount: amount ? readAmount(amount, problems, `${where}/Amt`) : undefined,
    ...(own && inDetails ? { detailsAmount: readAmount(inDetails, problems, `${where}/AmtDtls/TxAmt/Amt`) } : {}),
    creditDebit: child(details, "CdtDbtInd") ? readCreditDebit(details) : undefined,
    creditorIban: textAt(parties, "CdtrAcct", "Id", "IBAN"),
    // .08 wraps a party in `Pty` (or names an agent instead); .02 and .04 give the name directly.
    creditorName: firstText(parties, ["Cdtr", "Pty", "Nm"], ["Cdtr", "Nm"]),
    debtorName: firstText(parties, ["Dbtr", "Pty", "Nm"], ["Dbtr", "Nm"]),
    debtorIban: textAt(parties, "DbtrAcct", "Id", "IBAN"),
    // BICFI since .04, BIC in .02.
    debtorBic: firstText(
      child(details, "RltdAgts"),
      ["DbtrAgt", "FinInstnId", "BICFI"],
      ["DbtrAgt", "FinInstnId", "BIC"],
    ),
    remittance: {
      unstructured: childrenNamed(remittance, "Ustrd").map((element) => element.text),
      creditorReferences: childrenNamed(remittance, "Strd")
        .map((structured) => textAt(structured, "CdtrRefInf", "Ref"))
        .filter((reference): reference is string => reference !== undefined),
    },
    returnReason: firstText(child(details, "RtrInf"), ["Rsn", "Cd"], ["Rsn", "Prtry"]),
    bankTransactionCode: readBankTransactionCode(child(details, "BkTxCd")),
  };
}

export function readEntry(entry: XmlTree, position: number): StatementEntry {
  const problems: string[] = [];
  const where = `Ntry[${position}]`;
  const transactions: EntryTransaction[] = [];
  for (const entryDetails of childrenNamed(entry, "NtryDtls")) {
    for (const details of childrenNamed(entryDetails, "TxDtls")) {
      transactions.push(readTransaction(details, problems, `${where}/TxDtls[${transactions.length + 1}]`));
    }
  }
  const read: StatementEntry = {
    position,
    line: entry.line,
    entryReference: textAt(entry, "NtryRef"),
    amount: readAmount(child(entry, "Amt")!, problems, `${where}/Amt`),
    creditDebit: readCreditDebit(entry),
    // .08: `<Sts><Cd>BOOK</Cd></Sts>` (or `Prtry`); .02 and .04: `<Sts>BOOK</Sts>`.
    status: firstText(entry, ["Sts", "Cd"], ["Sts", "Prtry"], ["Sts"]) ?? "",
    bookingDate: readDate(child(entry, "BookgDt")),
    valueDate: readDate(child(entry, "ValDt")),
    accountServicerReference: textAt(entry, "AcctSvcrRef"),
    reversal: textAt(entry, "RvslInd") === "true" || textAt(entry, "RvslInd") === "1",
    bankTransactionCode: readBankTransactionCode(child(entry, "BkTxCd")),
    transactions,
    problems,
  };
  // Here, where the streamed and the whole-file readers meet, so that both say it of every entry.
  const contradiction = entryContradiction(read);
  return contradiction ? { ...read, contradiction } : read;
}
