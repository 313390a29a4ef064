import { z } from "zod";
import type { Responses } from "../../contract/operation.ts";
import { OPERATOR_WRITE } from "../../users/operator.responses.ts";

const amount = z.string().meta({ description: "A decimal string with two decimals, e.g. `10.50`" });
const when = z.iso.datetime();
const day = z.iso.date();
const PAGE_HEADERS = {
  "x-next-cursor": "The `cursor` of the next page, when more follow",
  link: 'The next page as `<…>; rel="next"`, when more follow',
};

/** A bank file, in or out, without its content. */
export const bankFileResponse = z
  .object({
    id: z.uuid(),
    direction: z.enum(["inbound", "outbound"]),
    message: z.string().meta({ description: "Message and version, e.g. `camt.054.001.08`, `pain.001.001.09`" }),
    messageId: z.string(),
    name: z.string(),
    source: z.string(),
    state: z.enum(["imported", "written", "released", "delivered"]),
    size: z.number().int(),
    sha256: z.string(),
    accountIban: z.string().nullable(),
    summary: z
      .record(z.string(), z.unknown())
      .meta({ description: "Inbound: counts by result. Outbound: `nbOfTxs` and `ctrlSum`" }),
    createdAt: when,
    releasedAt: when.nullable(),
    deliveredAt: when.nullable(),
  })
  .meta({ id: "BankFile" });
export type BankFileView = z.input<typeof bankFileResponse>;

/** A booked entry of the master account as the import recorded it. */
export const bankEntryResponse = z
  .object({
    id: z.uuid(),
    fileId: z.uuid(),
    side: z.string().meta({ description: "`CRDT` or `DBIT`" }),
    status: z.string(),
    amount,
    currency: z.string(),
    bookingDate: day.nullable(),
    valueDate: day.nullable(),
    iban: z.string().nullable().meta({ description: "The IBAN the credit was sent to (electronic format)" }),
    debtorName: z.string().nullable(),
    debtorIban: z.string().nullable(),
    remittance: z.string().nullable(),
    endToEndId: z.string().nullable(),
    outcome: z.enum(["minted", "unmatched", "assigned", "returned", "payout_debit", "payout_return", "ignored"]),
    problem: z.string().nullable().meta({ description: "Why an unmatched credit could not be minted" }),
    orderId: z.uuid().nullable(),
    payoutId: z.uuid().nullable(),
    createdAt: when,
    resolvedAt: when.nullable(),
    resolvedById: z.uuid().nullable(),
  })
  .meta({ id: "BankEntry" });
export type BankEntryView = z.input<typeof bankEntryResponse>;

/** A payout in a payment file (or waiting for one). */
export const payoutResponse = z
  .object({
    id: z.uuid(),
    endToEndId: z.string(),
    orderId: z.uuid().nullable(),
    bankEntryId: z.uuid().nullable(),
    amount,
    currency: z.string(),
    creditorName: z.string().nullable(),
    creditorIban: z.string().nullable(),
    remittance: z.string(),
    state: z.enum(["instructed", "batched", "released", "accepted", "debited", "rejected", "returned"]),
    fileId: z.uuid().nullable(),
    sentAt: when,
    releasedAt: when.nullable(),
    settledAt: when.nullable(),
    reasonCode: z.string().nullable(),
  })
  .meta({ id: "BankPayout" });
export type PayoutView = z.input<typeof payoutResponse>;

/** One line of an imported file's report. */
export const reportLineResponse = z
  .object({
    index: z.number().int(),
    result: z.string().meta({ description: "`minted`, `already_imported`, `unmatched`, `ignored`, `payout_debit`…" }),
    note: z.string().nullable(),
    entry: bankEntryResponse.nullable().meta({ description: "The booked entry; null for one not booked" }),
  })
  .meta({ id: "BankFileReportLine" });
export type ReportLineView = z.input<typeof reportLineResponse>;

/** `GET /admin/bank/files/{id}`: the file, and a page of its report (inbound) or of its payouts (outbound). */
export const bankFileDetailResponse = z
  .object({ file: bankFileResponse, entries: z.array(reportLineResponse), payouts: z.array(payoutResponse) })
  .meta({ id: "BankFileDetail" });
export type BankFileDetailView = z.input<typeof bankFileDetailResponse>;

export const bankFileListResponse = z.object({ files: z.array(bankFileResponse) }).meta({ id: "BankFilePage" });
export const exceptionListResponse = z
  .object({ exceptions: z.array(bankEntryResponse) })
  .meta({ id: "BankExceptionPage" });

/** Per statement day: the bank's closing balance beside what the ledger says must be there. */
export const safeguardingDayResponse = z
  .object({
    date: day,
    accountIban: z.string(),
    currency: z.string(),
    closing: amount.meta({ description: "The bank's closing booked balance (camt.053 `CLBD`)" }),
    outstanding: amount.meta({ description: "Tokens outstanding at the end of the day" }),
    payoutsInFlight: amount.meta({ description: "Payouts instructed and not yet debited" }),
    creditsUnminted: amount.meta({ description: "Credits booked and not yet minted nor returned" }),
    expected: amount.meta({ description: "outstanding + payouts in flight + credits unminted" }),
    difference: amount.meta({ description: "closing − expected: zero when every token is backed" }),
    flagged: z.boolean().meta({ description: "The difference is not zero (C51)" }),
    file: z.object({ id: z.uuid(), messageId: z.string().nullable(), name: z.string().nullable() }),
    computedAt: when,
  })
  .meta({ id: "SafeguardingDay" });
export type SafeguardingDayView = z.input<typeof safeguardingDayResponse>;
export const safeguardingListResponse = z
  .object({ days: z.array(safeguardingDayResponse) })
  .meta({ id: "SafeguardingPage" });

/** What an import did: the file and, per entry, its result (`importBankFile`'s report). */
export const importReportResponse = z
  .object({
    file: z.object({
      id: z.uuid(),
      message: z.string(),
      messageId: z.string(),
      sha256: z.string(),
      duplicate: z.boolean(),
    }),
    counts: z.record(z.string(), z.number().int()),
    entries: z.array(
      z.object({
        index: z.number().int(),
        identity: z.string(),
        result: z.string(),
        amount,
        currency: z.string(),
        orderId: z.uuid().optional(),
        payoutId: z.uuid().optional(),
        problem: z.string().optional(),
      }),
    ),
  })
  .meta({ id: "BankImportReport" });

export const LIST_BANK_FILES_RESPONSES: Responses = {
  200: { description: "A page of bank files, newest first", body: bankFileListResponse, headers: PAGE_HEADERS },
};
export const BANK_FILE_RESPONSES: Responses = {
  200: {
    description: "The file and a page of its report (or of its payouts)",
    body: bankFileDetailResponse,
    headers: PAGE_HEADERS,
  },
};
export const LIST_EXCEPTIONS_RESPONSES: Responses = {
  200: {
    description: "A page of credits that could not be minted, newest first",
    body: exceptionListResponse,
    headers: PAGE_HEADERS,
  },
};
export const SAFEGUARDING_RESPONSES: Responses = {
  200: { description: "Statement days, newest first", body: safeguardingListResponse, headers: PAGE_HEADERS },
};
export const UPLOAD_BANK_FILE_RESPONSES: Responses = {
  201: importReportResponse,
  200: { description: "The same file was imported before: nothing changed", body: importReportResponse },
};
export const BANK_FILE_CONTENT = {
  description: "The file as received or written (ISO 20022 XML), as an attachment",
  contentType: "application/xml",
  headers: { "content-disposition": "`attachment` with the file's name" },
};

export const UPLOAD_REFUSALS = {
  ...OPERATOR_WRITE,
  413: "The file is larger than the bank file limit",
  503: "The import did not finish (its process ended before answering): nothing was written, send the file again",
};
export const RESOLVE_REFUSALS = {
  ...OPERATOR_WRITE,
  409: "The credit was resolved before (assigned or returned), or is not an exception",
};
export const RELEASE_REFUSALS = { ...OPERATOR_WRITE, 409: "The payment file was released before" };

export const paymentFileResponse = z.object({ file: bankFileResponse }).meta({ id: "BankPaymentFileResult" });
export const paymentRunResponse = z.object({ files: z.array(bankFileResponse) }).meta({ id: "BankPaymentRun" });
export const RELEASE_RESPONSES: Responses = { 200: paymentFileResponse };
export const PAYMENT_RUN_RESPONSES: Responses = {
  201: { description: "Payment files were written with every payout waiting", body: paymentRunResponse },
  200: { description: "No payout was waiting: no file written (`files` is empty)", body: paymentRunResponse },
};
export const waitingPayoutsResponse = z
  .object({
    count: z.number().int().meta({ description: "Payouts instructed and in no payment file yet" }),
    amount: amount.meta({ description: "Their sum" }),
    currency: z.string(),
  })
  .meta({ id: "BankWaitingPayouts" });
