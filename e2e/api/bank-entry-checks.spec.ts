import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { server } from "../fixtures/api.ts";
import { SANDBOX_MASTER_IBAN, openException, uploadBankFile, type ImportReport } from "../fixtures/bank.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { fundedCustomer } from "../fixtures/orders.ts";
import { testCamt054, type TestEntry } from "../../server/bank/iso20022/testing/write-test-entries.ts";

// An approved customer with an IBAN takes KYC approval and provisioning first.
test.describe.configure({ timeout: 90_000 });

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

/** The operator uploads a camt.054 of these entries to the master account; its report. */
async function upload(entries: TestEntry[]): Promise<ImportReport> {
  const messageId = `NTF-${randomBytes(10).toString("hex")}`;
  const bytes = testCamt054({ messageId, accountIban: SANDBOX_MASTER_IBAN, entries });
  const res = await uploadBankFile(operator, bytes, `${messageId}.xml`);
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ImportReport;
}

function credit(iban: string, amount: string, reference: string, endToEndId: string, side = "CRDT" as const) {
  return {
    side,
    amount: { value: amount, currency: "EUR" },
    reference,
    endToEndId,
    debtorName: "Mara Lindqvist",
    debtorIban: "FR1420041010050500013M02606",
    // The API gives IBANs in print format; a bank file carries the electronic one.
    creditorIban: iban.replace(/\s/g, ""),
    remittance: "Top-up",
  };
}

test("C63: an uploaded debit entry whose transaction says credit to a customer's IBAN is an exception naming both, never minted, not assignable", async ({
  request,
}) => {
  const customer = await fundedCustomer(request, operator, "0");
  const endToEndId = `E2E-${randomBytes(6).toString("hex")}`;
  const reference = `REF${randomBytes(6).toString("hex").toUpperCase()}`;
  const report = await upload([
    {
      side: "DBIT",
      amount: "5.10",
      currency: "EUR",
      transactions: [credit(customer.iban, "5.10", reference, endToEndId)],
    },
  ]);
  expect(report.counts).toEqual({ unmatched: 1 });
  const [line] = report.entries;
  expect(line?.orderId).toBeUndefined();
  expect(line?.problem).toContain(
    "this transaction is CRDT 5.10 EUR; the entry (DBIT 5.10 EUR) and its transactions disagree",
  );

  const exception = await openException(operator, endToEndId);
  const assign = await operator.post(`/api/admin/bank/exceptions/${exception.id}/assign`, {
    headers: { origin: server.appUrl },
    data: { iban: customer.iban },
  });
  expect(assign.status()).toBe(409);
  expect(((await assign.json()) as { code: number }).code).toBe(409);
});

test("C47: one credit's bank reference, plain and padded with blanks, mints once; the same reference to another IBAN is an exception", async ({
  request,
}) => {
  const customer = await fundedCustomer(request, operator, "0");
  const reference = `ACSR${randomBytes(5).toString("hex").toUpperCase()}`;
  const one = (spelt: string, iban = customer.iban) => ({
    side: "CRDT" as const,
    amount: "29.00",
    currency: "EUR",
    reference: spelt,
    transactions: [credit(iban, "29.00", spelt, "NOTPROVIDED")],
  });
  const plain = await upload([one(reference)]);
  expect(plain.counts).toEqual({ minted: 1 });
  const padded = await upload([one(`   ${reference.toLowerCase()}     `)]);
  expect(padded.counts).toEqual({ already_imported: 1 });
  expect(padded.entries[0]?.orderId).toBe(plain.entries[0]?.orderId);
  const elsewhere = await upload([one(reference, "DE75512108001245126199")]);
  expect(elsewhere.counts).toEqual({ unmatched: 1 });
  expect(elsewhere.entries[0]?.problem).toContain(
    `was recorded before for CRDT 29.00 EUR to the IBAN ending ${customer.iban.replace(/\s/g, "").slice(-4)}`,
  );
});
