/*
 * camt.054.001.08 notifications of entries exactly as a test wants them, contradictions included (a debit whose
 * transactions say credit, amounts that do not add up, a reference padded with blanks): the generators write only
 * what a sound bank writes. Text is written as given, blanks and all (escaped, never trimmed); the importer checks
 * the result against the official schema like any file.
 */

export type TestTransaction = {
  side?: "CRDT" | "DBIT";
  /** `Amt`; left out when undefined. */
  amount?: { value: string; currency: string };
  /** `AmtDtls/TxAmt/Amt`. */
  detailsAmount?: { value: string; currency: string };
  reference?: string;
  endToEndId?: string;
  uetr?: string;
  debtorName?: string;
  debtorIban?: string;
  creditorIban?: string;
  remittance?: string;
};

export type TestEntry = {
  side: "CRDT" | "DBIT";
  amount: string;
  currency: string;
  bookingDate?: string;
  reference?: string;
  /** A `Btch` block naming the transactions' count (as a bank's batch booking does). */
  batch?: boolean;
  transactions: TestTransaction[];
};

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function element(name: string, text: string | undefined): string {
  return text === undefined ? "" : `<${name}>${escape(text)}</${name}>`;
}

function transactionXml(transaction: TestTransaction): string {
  const refs =
    element("AcctSvcrRef", transaction.reference) +
    element("EndToEndId", transaction.endToEndId ?? "NOTPROVIDED") +
    element("UETR", transaction.uetr);
  const amount = transaction.amount
    ? `<Amt Ccy="${transaction.amount.currency}">${transaction.amount.value}</Amt>`
    : "";
  const details = transaction.detailsAmount
    ? `<AmtDtls><TxAmt><Amt Ccy="${transaction.detailsAmount.currency}">${transaction.detailsAmount.value}</Amt>` +
      "</TxAmt></AmtDtls>"
    : "";
  const parties =
    (transaction.debtorName ? `<Dbtr><Pty>${element("Nm", transaction.debtorName)}</Pty></Dbtr>` : "") +
    (transaction.debtorIban ? `<DbtrAcct><Id>${element("IBAN", transaction.debtorIban)}</Id></DbtrAcct>` : "") +
    (transaction.creditorIban ? `<CdtrAcct><Id>${element("IBAN", transaction.creditorIban)}</Id></CdtrAcct>` : "");
  return (
    `<TxDtls><Refs>${refs}</Refs>${amount}${element("CdtDbtInd", transaction.side)}${details}` +
    (parties ? `<RltdPties>${parties}</RltdPties>` : "") +
    (transaction.remittance ? `<RmtInf>${element("Ustrd", transaction.remittance)}</RmtInf>` : "") +
    "</TxDtls>"
  );
}

function entryXml(entry: TestEntry): string {
  const day = entry.bookingDate ?? "2026-11-26";
  const batch = entry.batch
    ? `<Btch><NbOfTxs>${entry.transactions.length}</NbOfTxs>${element("CdtDbtInd", entry.side)}</Btch>`
    : "";
  const details =
    entry.transactions.length > 0
      ? `<NtryDtls>${batch}${entry.transactions.map(transactionXml).join("")}</NtryDtls>`
      : "";
  return (
    `<Ntry><Amt Ccy="${entry.currency}">${entry.amount}</Amt><CdtDbtInd>${entry.side}</CdtDbtInd>` +
    `<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt>` +
    element("AcctSvcrRef", entry.reference) +
    `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${entry.side === "CRDT" ? "RCDT" : "ICDT"}</Cd>` +
    `<SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>${details}</Ntry>`
  );
}

/** A camt.054.001.08 of `entries` to `accountIban`. */
export function testCamt054(options: { messageId: string; accountIban: string; entries: TestEntry[] }): Uint8Array {
  const { messageId, accountIban, entries } = options;
  return new TextEncoder().encode(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>' +
      `<GrpHdr>${element("MsgId", messageId)}<CreDtTm>2026-11-26T10:00:00+01:00</CreDtTm></GrpHdr>` +
      `<Ntfctn>${element("Id", `${messageId.slice(0, 33)}-1`)}<CreDtTm>2026-11-26T10:00:00+01:00</CreDtTm>` +
      `<Acct><Id>${element("IBAN", accountIban)}</Id><Ccy>EUR</Ccy></Acct>` +
      `${entries.map(entryXml).join("")}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>\n`,
  );
}
