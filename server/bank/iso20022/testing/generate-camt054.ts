import { messageById } from "../message-registry.ts";
import { addContent, createDocument, serialize, type XmlFields } from "../xml-writer.ts";

/*
 * Writes camt.054.001.08 notifications of many SEPA credits, for tests and measurements that need files larger than
 * anyone would write by hand. The tree is built in libxml2's memory, which WebAssembly never gives back: measure
 * reading in a process that did not generate.
 */

export type GeneratedCredit = {
  amount: string;
  currency: string;
  bookingDate: string;
  accountServicerReference: string;
  endToEndId: string;
  uetr: string;
  debtorName: string;
  debtorIban: string;
  debtorBic: string;
  /** The virtual IBAN the debtor sent the money to. */
  creditorIban: string;
  remittance: string;
};

export type GeneratedNotification = {
  messageId: string;
  createdAt: string;
  accountIban: string;
  credits: Iterable<GeneratedCredit>;
};

/**
 * A booked SEPA credit as an `Ntry`; `referenceOnEntryOnly` leaves the bank's reference off the transaction, as many
 * banks' day statements do.
 */
export function creditEntry(credit: GeneratedCredit, referenceOnEntryOnly = false): XmlFields {
  return {
    Ntry: {
      Amt: { "@Ccy": credit.currency, "#": credit.amount },
      CdtDbtInd: "CRDT",
      Sts: { Cd: "BOOK" },
      BookgDt: { Dt: credit.bookingDate },
      ValDt: { Dt: credit.bookingDate },
      AcctSvcrRef: credit.accountServicerReference,
      BkTxCd: { Domn: { Cd: "PMNT", Fmly: { Cd: "RCDT", SubFmlyCd: "ESCT" } } },
      NtryDtls: {
        TxDtls: {
          Refs: {
            AcctSvcrRef: referenceOnEntryOnly ? undefined : credit.accountServicerReference,
            EndToEndId: credit.endToEndId,
            UETR: credit.uetr,
          },
          Amt: { "@Ccy": credit.currency, "#": credit.amount },
          CdtDbtInd: "CRDT",
          RltdPties: {
            Dbtr: { Pty: { Nm: credit.debtorName } },
            DbtrAcct: { Id: { IBAN: credit.debtorIban } },
            CdtrAcct: { Id: { IBAN: credit.creditorIban } },
          },
          RltdAgts: { DbtrAgt: { FinInstnId: { BICFI: credit.debtorBic } } },
          RmtInf: { Ustrd: credit.remittance },
        },
      },
    },
  };
}

export function generateCamt054(notification: GeneratedNotification): Uint8Array {
  const { document, root } = createDocument(messageById("camt.054.001.08").namespace);
  try {
    const message = root.addElement("BkToCstmrDbtCdtNtfctn");
    addContent(message, { GrpHdr: { MsgId: notification.messageId, CreDtTm: notification.createdAt } });
    const account = message.addElement("Ntfctn");
    addContent(account, {
      Id: `${notification.messageId}-1`,
      CreDtTm: notification.createdAt,
      Acct: { Id: { IBAN: notification.accountIban }, Ccy: "EUR" },
    });
    for (const credit of notification.credits) addContent(account, creditEntry(credit));
    return serialize(document);
  } finally {
    document.dispose();
  }
}

/** `count` different, deterministic SEPA credits of 0.01 to 10,000.00 EUR to one of a thousand virtual IBANs. */
export function* syntheticCredits(count: number, bookingDate = "2026-11-26"): Generator<GeneratedCredit> {
  for (let i = 0; i < count; i++) {
    const cents = ((i * 7919) % 1_000_000) + 1;
    const serial = String(i).padStart(10, "0");
    yield {
      amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`,
      currency: "EUR",
      bookingDate,
      accountServicerReference: `BANKREF${serial}`,
      endToEndId: `E2E-${serial}`,
      uetr: `${serial.slice(2)}-aaaa-4bbb-8ccc-${String(i).padStart(12, "0")}`,
      debtorName: `Debtor ${i} & Söhne GmbH`,
      debtorIban: `DE${String(10 + (i % 90))}5001051700${serial}`.slice(0, 22),
      debtorBic: "INGDDEFFXXX",
      creditorIban: `DE${String(10 + (i % 90))}1001001000${String(i % 1000).padStart(10, "0")}`.slice(0, 22),
      remittance: `Top-up ${serial} <order ${i}>`,
    };
  }
}
