/** What the order schema tests share: parse and refuse as the HTTP layer does, and the SDK's order bodies. */
import assert from "node:assert/strict";
import type { z } from "zod";

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  assert.ok(result.success, `expected it to parse: ${JSON.stringify(result.error?.issues)}`);
  return result.data;
}

/** The issues as the HTTP layer reports them: dotted path → message (the first message for a path). */
export function errors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  assert.equal(result.success, false, "expected it to be refused");
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.map(String).join(".")] ??= issue.message;
  return out;
}

export const SIGNATURE = `0x${"23bf".repeat(32)}1c`; // 65 bytes
export const ADDRESS = "0xBd78A5C7efBf7f84C75ef638689A006512E1A6c4";
export const GR = "GR1601101250000000012300695";

// ---------------------------------------------------------------------------------------------------------------------
// Fixtures: CONTRACT §9 (the SDK tests' payloads), with realistic values where the SDK's unit mocks use placeholders.

/** place order, bad signature (live): full IBAN, seconds-and-offset timestamp. */
export const SDK_IBAN_ORDER = {
  kind: "redeem",
  amount: "10",
  signature: SIGNATURE,
  currency: "eur",
  address: ADDRESS,
  counterpart: {
    identifier: { standard: "iban", iban: GR },
    details: { firstName: "Mockbank", lastName: "Testerson" },
  },
  message: `Send EUR 10 to ${GR} at 2026-11-22T03:33:53+01:00`,
  memo: "Powered by Monerium SDK",
  chain: "sepolia",
};

/** cross-chain order (3.5.0 mock), on sandbox chain names. */
export const SDK_CROSS_CHAIN_ORDER = {
  kind: "redeem",
  amount: "5",
  signature: SIGNATURE,
  currency: "eur",
  address: ADDRESS,
  counterpart: {
    identifier: { standard: "chain", address: "0x1234567890123456789012345678901234567890", chain: "chiado" },
    details: { firstName: "Mockbank", lastName: "Testerson" },
  },
  message: "Send EUR 5 to 0x1234567890123456789012345678901234567890 on chiado at 2026-11-22T02:33:53Z",
  chain: "sepolia",
};

/** order with bic (4.2.0 unit): bic and details with country (a real IBAN and BIC in place of TEST_IBAN/TESTBIC). */
export const SDK_BIC_ORDER = {
  kind: "redeem",
  amount: "1.23",
  signature: SIGNATURE,
  currency: "eur",
  address: ADDRESS,
  counterpart: {
    identifier: { standard: "iban", iban: "IS14 0159 2600 7654 5510 7303 39", bic: "NBIIISRE" },
    details: { firstName: "Test", lastName: "Testerson", country: "IS" },
  },
  message: "Send EUR 1.23 to IS14...0339 at 2026-11-22T02:33:53Z",
  chain: "chiado",
};
