import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { bankCredit, camt054Of, UNKNOWN_IBAN, uploadBankFile } from "../fixtures/bank.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { deepDocument, encodeWide } from "../../server/bank/iso20022/testing/hostile-files.ts";

/*
 * Issue 31, items 5 and 6, through the operator's upload (C46): a file nested 120,000 deep is refused at once with
 * the reason, and a UTF-16 file without a byte-order mark is refused with 400 and mints nothing.
 */

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

type ErrorBody = { code: number; status: string; message: string; errors?: Record<string, string> };

async function filesNamed(name: string): Promise<number> {
  const files = (await (await operator.get("/api/admin/bank/files?limit=100")).json()) as { files: { name: string }[] };
  return files.files.filter((file) => file.name === name).length;
}

async function exceptionsFor(endToEndId: string): Promise<number> {
  const open = (await (await operator.get("/api/admin/bank/exceptions?limit=100")).json()) as {
    exceptions: { endToEndId: string | null }[];
  };
  return open.exceptions.filter((exception) => exception.endToEndId === endToEndId).length;
}

test("C46 a 4.4 MB file nested 120,000 deep is refused in seconds with the reason, and leaves nothing", async () => {
  const name = `deep-${randomBytes(6).toString("hex")}.xml`;
  const started = Date.now();
  const res = await uploadBankFile(operator, deepDocument(120_000, "Abcdefghijklmnop"), name);
  const seconds = (Date.now() - started) / 1000;
  expect(res.status()).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body.code).toBe(400);
  expect(body.errors?.file).toMatch(/^nests elements deeper than 64 levels \(Abcdefghijklmnop is at level 65\)/);
  expect(seconds).toBeLessThan(15);
  expect(await filesNamed(name)).toBe(0);
});

test("C46 a camt.054 in UTF-16 without a byte-order mark is refused with 400 naming the encoding, and mints nothing", async () => {
  const name = `utf16-${randomBytes(6).toString("hex")}.xml`;
  const endToEndId = `E2E-UTF16-${randomBytes(6).toString("hex")}`;
  const text = new TextDecoder()
    .decode(camt054Of([bankCredit(UNKNOWN_IBAN, "12.34", { endToEndId })]))
    .replace(/encoding="UTF-8"/, 'encoding="UTF-16"');
  expect(text).toContain('encoding="UTF-16"');
  const res = await uploadBankFile(operator, encodeWide(text, "UTF-16LE"), name);
  expect(res.status()).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body.errors).toEqual({
    file: "must be encoded in UTF-8 (ISO 20022 files are), not UTF-16LE (no byte-order mark)",
  });
  expect(await filesNamed(name)).toBe(0);
  expect(await exceptionsFor(endToEndId)).toBe(0);
});
