/*
 * What a camt.052/053/054 says, as plain data, the same for every version: the readers smooth over where versions
 * put things (`<Sts>BOOK</Sts>` or `<Sts><Cd>BOOK</Cd></Sts>`, `Dbtr/Nm` or `Dbtr/Pty/Nm`, `BIC` or `BICFI`).
 * Optional elements the bank left out are `undefined`; nothing is invented.
 */

export type CreditDebit = "CRDT" | "DBIT";

/** An amount as the bank wrote it and in minor units; `minor` is `null` when it was refused (see `problems`). */
export type BankAmount = { decimal: string; currency: string; minor: bigint | null };

/** ISO 20022 bank transaction code: PMNT/RCDT/ESCT a SEPA credit received, PMNT/RRCT or PMNT/ICDT/RRTN returns. */
export type BankTransactionCode = {
  domain?: string;
  family?: string;
  subFamily?: string;
  /** A bank's own code (`Prtry/Cd`), recorded as given. */
  proprietary?: string;
};

export type Remittance = {
  unstructured: string[];
  /** Structured creditor references (`Strd/CdtrRefInf/Ref`), e.g. an RF reference. */
  creditorReferences: string[];
};

/** One `TxDtls`: an entry may batch several transactions. */
export type EntryTransaction = {
  accountServicerReference?: string;
  endToEndId?: string;
  transactionId?: string;
  instructionId?: string;
  /** SWIFT's unique end-to-end transaction reference (camt .08 only). */
  uetr?: string;
  /** `Amt` (.04, .08), else `AmtDtls/TxAmt/Amt` (.02 gives only that). */
  amount?: BankAmount;
  /** `AmtDtls/TxAmt/Amt` where the transaction also gives `Amt`: the two must agree (entry-agreement.ts). */
  detailsAmount?: BankAmount;
  creditDebit?: CreditDebit;
  /** For a credit, the account it was sent to: the virtual IBAN that names the customer. */
  creditorIban?: string;
  creditorName?: string;
  debtorName?: string;
  debtorIban?: string;
  debtorBic?: string;
  remittance: Remittance;
  /** `RtrInf/Rsn/Cd` (or `Prtry`) of a returned payment, e.g. AC04 (account closed). */
  returnReason?: string;
  bankTransactionCode?: BankTransactionCode;
};

export type EntryStatus = "BOOK" | "PDNG" | "INFO" | (string & {});

export type StatementEntry = {
  /** 1-based position of the entry in its statement or notification. */
  position: number;
  line: number;
  entryReference?: string;
  amount: BankAmount;
  creditDebit: CreditDebit;
  status: EntryStatus;
  /** `YYYY-MM-DD`, or a date-time when the bank gave one. */
  bookingDate?: string;
  valueDate?: string;
  accountServicerReference?: string;
  reversal: boolean;
  bankTransactionCode?: BankTransactionCode;
  transactions: EntryTransaction[];
  /**
   * Set when the entry's transactions disagree with it in side, currency or amount (`entryContradiction`): a sentence
   * naming both. Such an entry is an exception, whatever it looks like.
   */
  contradiction?: string;
  /** What is wrong with this entry (an amount with too many decimals…): reported for it, not for the whole file. */
  problems: string[];
};

export type Balance = {
  /** OPBD (opening booked), CLBD (closing booked), PRCD, ITBD…: the balance type code. */
  type: string;
  amount: BankAmount;
  creditDebit: CreditDebit;
  date: string;
};

export type AccountReport = {
  /** `Stmt` of a camt.053, `Ntfctn` of a camt.054, `Rpt` of a camt.052. */
  kind: "statement" | "notification" | "report";
  id: string;
  createdAt?: string;
  accountIban?: string;
  accountCurrency?: string;
  /** camt.053: OPBD, or PRCD (previous closing) when the bank gives that instead. */
  openingBalance?: Balance;
  /** camt.053: CLBD. */
  closingBalance?: Balance;
  entries: StatementEntry[];
  problems: string[];
};

/** A report without its entries, as the streaming reader gives it before any entry. */
export type ReportHeader = Omit<AccountReport, "entries">;

export type BankStatement = {
  message: "camt.052" | "camt.053" | "camt.054";
  version: string;
  messageId: string;
  createdAt: string;
  /** The account the file is about (the master account): the first report's; each report names its own too. */
  accountIban?: string;
  reports: AccountReport[];
};
