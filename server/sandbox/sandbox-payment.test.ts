import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { randomInt } from "node:crypto";
import fc from "fast-check";
import { composeIBAN } from "ibantools";
import { importDrivesSettled } from "../bank/import/import-bank-file.ts";
import { seedHolder, type Holder } from "../bank/import/testing/bank-import-fixtures.ts";
import { getConfig } from "../config.ts";
import { isAppError } from "../errors.ts";
import { CLIENT_CREDENTIALS, type Caller } from "../oauth/caller.ts";
import { simulateIncomingPayment } from "../orders/sandbox-orders.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { validate } from "../validate.ts";
import { INVALID_IBAN, NOT_SEPA_REFERENCE, NOT_SEPA_TEXT, simulatePaymentSchema } from "./sandbox-payment.schemas.ts";

await setUpTestInstance("sandbox_payment");

const config = getConfig();

/** A holder of a valid German IBAN (the importer's fixture IBANs skip the check digits the door now checks). */
async function validHolder(): Promise<Holder> {
  const bban = Array.from({ length: 18 }, () => randomInt(10)).join("");
  return seedHolder({ iban: composeIBAN({ countryCode: "DE", bban })! });
}

function callerFor(holder: Holder): Caller {
  return {
    tokenId: "t",
    clientId: "c",
    applicationId: "00000000-0000-4000-8000-000000000000",
    userId: "00000000-0000-4000-8000-000000000001",
    profileId: holder.profileId,
    grantType: CLIENT_CREDENTIALS,
  };
}

/** What `POST /sandbox/payments` does with a body: the route's schema, then the use case. */
async function pay(holder: Holder, body: unknown) {
  const request = validate(simulatePaymentSchema, body);
  return simulateIncomingPayment({ caller: callerFor(holder), request, config });
}

/** The answer as the API would give it: the status of a reply, the code and fields of a refusal. */
async function outcome(holder: Holder, body: unknown) {
  try {
    const reply = await pay(holder, body);
    return { status: reply.status };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { code: error.code, fields: error.fields };
  }
}

/** The hostile values of the fuzz's class (e2e/fuzz/zod-arbitrary.ts), and what the issue saw crash the writer. */
const HOSTILE = [
  "short",
  "😀",
  "rtl\u202eevil",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "\u202e\u0301",
  "\u2066DE89370400440532013000\u2069",
  "DE89\u00a03704\u00a00044\u00a00532\u00a00130\u00a000",
  "de89370400440532013000\u0131",
  "bell\u0007",
  "line\nbreak",
];

describe("issue 31 (8): POST /sandbox/payments checks every field at the door", () => {
  after(async () => {
    await importDrivesSettled();
  });

  it("C42 a hostile IBAN, memo, payer name, payer IBAN or reference is a 400 naming the field, not a 500", async () => {
    const holder = await validHolder();
    const base = { iban: holder.iban, amount: "1.00" };
    for (const value of HOSTILE) {
      const label = JSON.stringify(value);
      assert.deepEqual(await outcome(holder, { ...base, iban: value }), {
        code: "VALIDATION",
        fields: { iban: INVALID_IBAN },
      });
      assert.deepEqual(
        await outcome(holder, { ...base, debtor: { name: "Payer", iban: value } }),
        { code: "VALIDATION", fields: { "debtor.iban": INVALID_IBAN } },
        label,
      );
      if (value === "short") continue;
      assert.deepEqual(
        await outcome(holder, { ...base, memo: value }),
        { code: "VALIDATION", fields: { memo: NOT_SEPA_TEXT } },
        label,
      );
      assert.deepEqual(
        await outcome(holder, { ...base, debtor: { name: `Payer ${value}` } }),
        { code: "VALIDATION", fields: { "debtor.name": NOT_SEPA_TEXT } },
        label,
      );
      assert.deepEqual(
        await outcome(holder, { ...base, reference: value }),
        { code: "VALIDATION", fields: { reference: NOT_SEPA_REFERENCE } },
        label,
      );
    }
    // Over-long: refused for its length before anything else is looked at.
    assert.deepEqual(await outcome(holder, { ...base, memo: "é".repeat(141) }), {
      code: "VALIDATION",
      fields: { memo: "must be at most 140 characters" },
    });
    assert.deepEqual(await outcome(holder, { ...base, iban: "D".repeat(20_000) }), {
      code: "VALIDATION",
      fields: { iban: "must be at most 42 characters" },
    });
    // Latin text with accents is a payer's name as a bank writes it; a valid IBAN no one holds is not found.
    assert.deepEqual(await outcome(holder, { ...base, memo: "Müller & Söhne", debtor: { name: "Łódź Straße" } }), {
      status: 201,
    });
    assert.deepEqual(await outcome(holder, { ...base, iban: "GB29 NWBK 6016 1331 9268 19" }), {
      code: "NOT_FOUND",
      fields: undefined,
    });
  });

  it("C42 any hostile value in any string field is a 4xx or a payment, never an exception (property, seeded)", async () => {
    const holder = await validHolder();
    const hostile = fc.oneof(
      fc.constantFrom(...HOSTILE),
      fc.string({ unit: "binary", maxLength: 30 }),
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.constantFrom(
        "A".repeat(143),
        "é".repeat(500),
        "Ünïcödé payer",
        "amoy:0x0000000000000000000000000000000000000001",
      ),
    );
    const field = fc.constantFrom("iban", "memo", "debtor.name", "debtor.iban", "reference");
    await fc.assert(
      fc.asyncProperty(field, hostile, async (path, value) => {
        const body: Record<string, unknown> = { iban: holder.iban, amount: "0.01" };
        if (path.startsWith("debtor.")) body.debtor = { name: "Payer", [path.slice(7)]: value };
        else body[path] = value;
        const result = await outcome(holder, body);
        assert.ok(
          "status" in result || ["VALIDATION", "NOT_FOUND", "CONFLICT"].includes(result.code),
          `${path}=${JSON.stringify(value)}`,
        );
      }),
      { seed: 318, numRuns: 150 },
    );
  });
});
