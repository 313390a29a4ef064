import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api, jsonOf, server } from "../fixtures/api.ts";
import {
  bankCredit,
  camt054Of,
  openException,
  UNKNOWN_IBAN,
  uploadBankFile,
  type ImportReport,
} from "../fixtures/bank.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { fundedCustomer } from "../fixtures/orders.ts";
import { DEFAULT_MAX_BANK_FILE_BYTES } from "../../server/bank/iso20022/read-bank-file.ts";

// An approved customer with an IBAN takes KYC approval and provisioning first.
test.describe.configure({ timeout: 90_000 });

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

type Entry = {
  id: string;
  outcome: string;
  orderId: string | null;
  payoutId: string | null;
  resolvedAt: string | null;
};
type AuditEntry = { action: string; subject: { type: string; id: string }; reason: string | null };

/**
 * Whether an upload left a trace: a file under its (unique) name, or an exception for its credit. Other tests import
 * files at the same time, so the check is about this upload's own name and credit, not about counts.
 */
async function traces(name: string, endToEndId: string): Promise<string[]> {
  const files = (await (await operator.get("/api/admin/bank/files?limit=100")).json()) as { files: { name: string }[] };
  const open = (await (await operator.get("/api/admin/bank/exceptions?limit=100")).json()) as {
    exceptions: { endToEndId: string | null }[];
  };
  return [
    ...files.files.filter((f) => f.name === name).map((f) => `file ${f.name}`),
    ...open.exceptions.filter((e) => e.endToEndId === endToEndId).map((e) => `exception ${e.endToEndId}`),
  ];
}

async function auditOf(subject: string): Promise<AuditEntry[]> {
  const res = await operator.get(`/api/admin/audit?subject=${subject}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { entries: AuditEntry[] }).entries;
}

test("issue 24: the bank admin API is the operator's alone, and writes come from our own pages", async ({
  request,
}) => {
  const routes: [string, string][] = [
    ["GET", "/api/admin/bank/files"],
    ["POST", "/api/admin/bank/files"],
    ["GET", "/api/admin/bank/exceptions"],
    ["POST", "/api/admin/bank/exceptions/00000000-0000-4000-8000-000000000000/assign"],
    ["POST", "/api/admin/bank/exceptions/00000000-0000-4000-8000-000000000000/return"],
    ["POST", "/api/admin/bank/payment-runs"],
    ["GET", "/api/admin/bank/safeguarding"],
    ["GET", "/api/admin/bank/files/00000000-0000-4000-8000-000000000000/content"],
  ];
  // No session, and an application's bearer token: the console's API does not announce itself (404, as for any
  // operator route).
  const { partner } = await fundedCustomer(request, operator, "0");
  for (const [method, path] of routes) {
    for (const headers of [{}, partner]) {
      const res = await request.fetch(`${server.appUrl}${path}`, { method, headers });
      expect(res.status(), `${method} ${path}`).toBe(404);
    }
  }
  // The operator's cookie sent from another site's page is refused, and nothing is imported.
  const credit = bankCredit(UNKNOWN_IBAN, "1.00");
  const name = `foreign-${credit.accountServicerReference}.xml`;
  const foreign = await operator.post(`/api/admin/bank/files?name=${name}`, {
    headers: { origin: "https://evil.example", "content-type": "application/xml" },
    data: Buffer.from(camt054Of([credit])),
  });
  expect(foreign.status()).toBe(403);
  expect(await traces(name, credit.endToEndId)).toEqual([]);
});

test("C46: an upload that is not XML, is schema-invalid, is not sent as XML or is too large is refused and changes nothing", async () => {
  const credit = bankCredit(UNKNOWN_IBAN, "1.00");
  const name = `refused-${credit.accountServicerReference}.xml`;

  const notXml = await uploadBankFile(operator, "this is not a bank file", name);
  expect(notXml.status()).toBe(400);
  expect(((await jsonOf(notXml)) as { code: number }).code).toBe(400);

  const valid = Buffer.from(camt054Of([credit])).toString("utf8");
  const invalid = valid.replace(/<Amt Ccy="EUR">1\.00<\/Amt>/, '<Amt Ccy="EUR">1,00</Amt>');
  expect(invalid).not.toBe(valid);
  const schemaInvalid = await uploadBankFile(operator, invalid, name);
  expect(schemaInvalid.status()).toBe(400);
  const body = (await jsonOf(schemaInvalid)) as { errors?: Record<string, string> };
  // The refusal names the element, by its path in the file, and its line.
  const [path, problem] = Object.entries(body.errors ?? {})[0] ?? [];
  expect(path).toMatch(/^Document\/BkToCstmrDbtCdtNtfctn\/Ntfctn\/Ntry(\[1\])?\/.*Amt$/);
  expect(problem).toMatch(/^line \d+: Element .*Amt/);

  const asJson = await uploadBankFile(operator, valid, name, "application/json");
  expect(asJson.status()).toBe(400);
  expect(((await asJson.json()) as { message: string }).message).toBe(
    "Content-Type must be application/xml: send the bank file itself",
  );

  const tooLarge = await uploadBankFile(operator, Buffer.alloc(DEFAULT_MAX_BANK_FILE_BYTES + 1, 0x20).toString(), name);
  expect(tooLarge.status()).toBe(413);
  expect(await jsonOf(tooLarge)).toEqual({
    code: 413,
    status: "Payload Too Large",
    message: `Bank file exceeds the limit of ${DEFAULT_MAX_BANK_FILE_BYTES} bytes`,
  });

  expect(await traces(name, credit.endToEndId)).toEqual([]);
});

test("C48: a statement's credits mint or wait as exceptions; each exception is assigned or returned once, audited", async ({
  request,
}) => {
  const customer = await fundedCustomer(request, operator, "0");
  const toCustomer = bankCredit(customer.iban, "15.00");
  const toAssign = bankCredit(UNKNOWN_IBAN, "20.00");
  const toReturn = bankCredit(UNKNOWN_IBAN, "30.00", { debtorName: "Jonas Weber" });
  const bytes = camt054Of([toCustomer, toAssign, toReturn]);

  const upload = await uploadBankFile(operator, bytes, "camt054-day.xml");
  expect(upload.status(), await upload.text()).toBe(201);
  const report = (await upload.json()) as ImportReport;
  expect(report.file.duplicate).toBe(false);
  expect(report.counts).toEqual({ minted: 1, unmatched: 2 });
  expect(report.entries.map((e) => e.result)).toEqual(["minted", "unmatched", "unmatched"]);
  expect(report.entries[0]?.orderId).toMatch(/^[0-9a-f-]{36}$/);
  expect(report.entries[1]?.problem).toBeTruthy();

  // The same file again changes nothing (200, the same report).
  const again = await uploadBankFile(operator, bytes, "camt054-day.xml");
  expect(again.status()).toBe(200);
  expect(((await again.json()) as ImportReport).file).toEqual({ ...report.file, duplicate: true });

  // The file's report, paged, and its content as uploaded.
  const page = await operator.get(`/api/admin/bank/files/${report.file.id}?limit=2`);
  expect(page.status()).toBe(200);
  const detail = (await page.json()) as { file: { name: string }; entries: { index: number; result: string }[] };
  expect(detail.file.name).toBe("camt054-day.xml");
  const indexes = report.entries.map((e) => e.index);
  expect(detail.entries.map((e) => e.index)).toEqual(indexes.slice(0, 2));
  const next = page.headers()["x-next-cursor"];
  expect(next).toBeTruthy();
  const rest = (await (await operator.get(`/api/admin/bank/files/${report.file.id}?cursor=${next}`)).json()) as {
    entries: { index: number }[];
  };
  expect(rest.entries.map((e) => e.index)).toEqual(indexes.slice(2));
  const content = await operator.get(`/api/admin/bank/files/${report.file.id}/content`);
  expect(content.status()).toBe(200);
  expect(content.headers()["content-type"]).toBe("application/xml");
  expect(content.headers()["content-disposition"]).toMatch(/^attachment; filename="camt054-day\.xml"/);
  expect(Buffer.from(await content.body()).equals(Buffer.from(bytes))).toBe(true);

  // Assigning: a bad IBAN is named; then two operators at once: one mints, the other is refused.
  const assign = await openException(operator, toAssign.endToEndId);
  const badIban = await operator.post(`/api/admin/bank/exceptions/${assign.id}/assign`, {
    headers: { origin: server.appUrl },
    data: { iban: "DE00 1234" },
  });
  expect(badIban.status()).toBe(400);
  expect(((await badIban.json()) as { errors: Record<string, string> }).errors).toEqual({
    iban: "is not a valid IBAN: check its digits",
  });
  const assigning = await Promise.all(
    [0, 1].map(() =>
      operator.post(`/api/admin/bank/exceptions/${assign.id}/assign`, {
        headers: { origin: server.appUrl },
        data: { iban: customer.iban },
      }),
    ),
  );
  expect(assigning.map((r) => r.status()).sort()).toEqual([200, 409]);
  const assigned = (await assigning.find((r) => r.status() === 200)!.json()) as Entry;
  expect(assigned.outcome).toBe("assigned");
  expect(assigned.orderId).toMatch(/^[0-9a-f-]{36}$/);
  expect(assigned.resolvedAt).toBeTruthy();
  const minted = await request.get(api(`/orders/${assigned.orderId}`), { headers: customer.partner });
  expect(minted.status()).toBe(200);
  expect(((await minted.json()) as { amount: string; kind: string }).amount).toBe("20.00");
  const assignAudit = await auditOf(assign.id);
  expect(assignAudit.map((e) => [e.action, e.subject.type])).toEqual([["bank.exception.assign", "bank-entry"]]);

  // Returning: a reason is required; then twice at once: one payout back, the other refused.
  const back = await openException(operator, toReturn.endToEndId);
  const noReason = await operator.post(`/api/admin/bank/exceptions/${back.id}/return`, {
    headers: { origin: server.appUrl },
    data: {},
  });
  expect(noReason.status()).toBe(400);
  const returning = await Promise.all(
    [0, 1].map(() =>
      operator.post(`/api/admin/bank/exceptions/${back.id}/return`, {
        headers: { origin: server.appUrl },
        data: { reason: "No customer of ours has this IBAN" },
      }),
    ),
  );
  expect(returning.map((r) => r.status()).sort()).toEqual([200, 409]);
  const returned = (await returning.find((r) => r.status() === 200)!.json()) as Entry;
  expect(returned.outcome).toBe("returned");
  expect(returned.payoutId).toMatch(/^[0-9a-f-]{36}$/);
  const returnAudit = await auditOf(back.id);
  expect(returnAudit.map((e) => [e.action, e.reason])).toEqual([
    ["bank.exception.return", "No customer of ours has this IBAN"],
  ]);
  // Assigning a returned credit is refused too.
  const late = await operator.post(`/api/admin/bank/exceptions/${back.id}/assign`, {
    headers: { origin: server.appUrl },
    data: { iban: customer.iban },
  });
  expect(late.status()).toBe(409);

  // The return is paid back in a payment file (written at once in the sandbox) carrying the original reference.
  let paymentFile: { id: string; state: string; summary: { nbOfTxs?: number } } | undefined;
  await expect
    .poll(async () => {
      const out = (await (await operator.get("/api/admin/bank/files?direction=outbound&limit=100")).json()) as {
        files: { id: string; state: string; summary: { nbOfTxs?: number } }[];
      };
      for (const file of out.files) {
        const carried = (await (await operator.get(`/api/admin/bank/files/${file.id}`)).json()) as {
          payouts: { id: string }[];
        };
        if (carried.payouts.some((p) => p.id === returned.payoutId)) paymentFile = file;
      }
      return paymentFile?.id;
    })
    .toBeTruthy();
  const xml = (await (await operator.get(`/api/admin/bank/files/${paymentFile!.id}/content`)).body()).toString();
  expect(xml).toContain("<CstmrCdtTrfInitn>");
  expect(xml).toContain(toReturn.endToEndId);
  expect(xml).toContain("FR1420041010050500013M02606");

  // Both resolutions are listed as resolved, neither as open.
  const resolved = (await (await operator.get("/api/admin/bank/exceptions?status=resolved&limit=100")).json()) as {
    exceptions: Entry[];
  };
  expect(resolved.exceptions.filter((e) => e.id === assign.id || e.id === back.id).map((e) => e.outcome)).toEqual([
    "returned",
    "assigned",
  ]);
  expect(await traces("-", toAssign.endToEndId)).toEqual([]);
});

test("issue 24: bank listings are paged and refuse what they did not give out", async () => {
  for (const path of ["/api/admin/bank/files", "/api/admin/bank/exceptions", "/api/admin/bank/safeguarding"]) {
    const badCursor = await operator.get(`${path}?cursor=bm90LW91cnM`);
    expect(badCursor.status(), path).toBe(400);
    expect(((await badCursor.json()) as { errors: unknown }).errors).toEqual({
      cursor: "is not a cursor this API gave out",
    });
    const badLimit = await operator.get(`${path}?limit=1000`);
    expect(badLimit.status(), path).toBe(400);
  }
  const direction = await operator.get("/api/admin/bank/files?direction=sideways");
  expect(direction.status()).toBe(400);
  expect(((await direction.json()) as { errors: unknown }).errors).toEqual({
    direction: "must be inbound or outbound",
  });
  const days = await operator.get("/api/admin/bank/safeguarding");
  expect(days.status()).toBe(200);
  expect(Array.isArray(((await days.json()) as { days: unknown[] }).days)).toBe(true);
});
