import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { z } from "zod";
import { AMOUNT_REASONS } from "../money/amount.ts";
import { listOrdersQuery, placeOrderSchema, type PlaceOrderRequest } from "./order.schemas.ts";

// The output is what the use case is written against.
type Assert<T extends true> = T;
type _Output = Assert<
  PlaceOrderRequest extends {
    address: string;
    currency: "eur" | "usd" | "gbp" | "isk";
    chain: string;
    kind: "redeem";
    amount: bigint;
    message: string;
    signature: string;
    memo?: string;
    counterpart: {
      identifier:
        { standard: "iban"; iban: string; bic?: string } | { standard: "chain"; address: string; chain: string };
    };
  }
    ? true
    : false
>;

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  assert.ok(result.success, `expected it to parse: ${JSON.stringify(result.error?.issues)}`);
  return result.data;
}

/** The issues as the HTTP layer reports them: dotted path → message (the first message for a path). */
function errors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  assert.equal(result.success, false, "expected it to be refused");
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.map(String).join(".")] ??= issue.message;
  return out;
}

const SIGNATURE = `0x${"23bf".repeat(32)}1c`; // 65 bytes
const ADDRESS = "0xBd78A5C7efBf7f84C75ef638689A006512E1A6c4";
const GR = "GR1601101250000000012300695";

// ---------------------------------------------------------------------------------------------------------------------
// Fixtures: CONTRACT §9 (the SDK tests' payloads), with realistic values where the SDK's unit mocks use placeholders.

/** place order, bad signature (live): full IBAN, seconds-and-offset timestamp. */
const SDK_IBAN_ORDER = {
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
const SDK_CROSS_CHAIN_ORDER = {
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
const SDK_BIC_ORDER = {
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

describe("placeOrderSchema", () => {
  it("accepts the SDK's IBAN order and gives minor units back", () => {
    assert.deepEqual(parse(placeOrderSchema, SDK_IBAN_ORDER), {
      kind: "redeem",
      amount: 1000n,
      signature: SIGNATURE,
      currency: "eur",
      address: ADDRESS,
      counterpart: {
        identifier: { standard: "iban", iban: GR },
        details: { firstName: "Mockbank", lastName: "Testerson" },
      },
      message: SDK_IBAN_ORDER.message,
      memo: "Powered by Monerium SDK",
      chain: "sepolia",
    });
  });

  it("accepts the SDK's cross-chain order", () => {
    const order = parse(placeOrderSchema, SDK_CROSS_CHAIN_ORDER);
    assert.deepEqual(order.counterpart.identifier, SDK_CROSS_CHAIN_ORDER.counterpart.identifier);
    assert.equal(order.amount, 500n);
  });

  it("accepts an IBAN with a BIC and details with a country, compacting the IBAN", () => {
    const order = parse(placeOrderSchema, SDK_BIC_ORDER);
    assert.deepEqual(order.counterpart, {
      identifier: { standard: "iban", iban: "IS140159260076545510730339", bic: "NBIIISRE" },
      details: { firstName: "Test", lastName: "Testerson", country: "IS" },
    });
  });

  it("accepts every optional field", () => {
    const order = parse(placeOrderSchema, {
      ...SDK_IBAN_ORDER,
      id: "48525446-CC1F-11EF-92B5-AAE55502171D", // version 1, as the service's own ids
      referenceNumber: "RF18539007547034",
      supportingDocumentId: "4f079ef8-6d26-11eb-9bc8-acde48001122",
    });
    assert.equal(order.id, "48525446-cc1f-11ef-92b5-aae55502171d");
    assert.equal(order.referenceNumber, "RF18539007547034");
    assert.equal(order.supportingDocumentId, "4f079ef8-6d26-11eb-9bc8-acde48001122");
  });

  it("strips unknown keys instead of refusing them", () => {
    const order = parse(placeOrderSchema, {
      ...SDK_IBAN_ORDER,
      state: "processed",
      profile: "00000000-0000-0000-0000-000000000000",
      counterpart: { ...SDK_IBAN_ORDER.counterpart, extra: 1 },
    });
    assert.equal("state" in order, false);
    assert.equal("profile" in order, false);
    assert.equal("extra" in order.counterpart, false);
  });

  describe("is lenient with what it does not need", () => {
    const accepted: [string, unknown][] = [
      ["no details", { identifier: { standard: "iban", iban: GR } }],
      ["empty details", { identifier: { standard: "iban", iban: GR }, details: {} }],
      ["null details", { identifier: { standard: "iban", iban: GR }, details: null }],
      [
        "a corporation",
        { identifier: { standard: "iban", iban: GR }, details: { companyName: "Acme ehf.", country: "is" } },
      ],
      ["a name", { identifier: { standard: "iban", iban: GR }, details: { name: "Acme", country: "IS" } }],
      ["a spaced lower-case IBAN", { identifier: { standard: "iban", iban: "gr16 0110 1250 0000 0001 2300 695" } }],
      ["a null BIC", { identifier: { standard: "iban", iban: GR, bic: null } }],
      ["a lower-case 11-character BIC", { identifier: { standard: "iban", iban: GR, bic: "deutdeff500" } }],
      ["a bech32 address", { identifier: { standard: "chain", address: `noble1${"q".repeat(38)}`, chain: "grand" } }],
      [
        "a chain id as the chain (resolved later)",
        { identifier: { standard: "chain", address: ADDRESS, chain: "137" } },
      ],
    ];
    for (const [label, counterpart] of accepted) {
      it(label, () => {
        parse(placeOrderSchema, { ...SDK_IBAN_ORDER, counterpart });
      });
    }

    it("upper-cases the country and drops details not given", () => {
      const order = parse(placeOrderSchema, {
        ...SDK_IBAN_ORDER,
        counterpart: { identifier: { standard: "iban", iban: GR }, details: { companyName: "Acme", country: "is" } },
      });
      assert.deepEqual(order.counterpart.details, { companyName: "Acme", country: "IS" });
      assert.equal(order.counterpart.identifier.standard === "iban" && order.counterpart.identifier.iban, GR);
    });

    it("counts memo and reference lengths in code points", () => {
      const emoji = "💶"; // two UTF-16 units, one character
      parse(placeOrderSchema, { ...SDK_IBAN_ORDER, memo: emoji.repeat(140) });
      parse(placeOrderSchema, { ...SDK_IBAN_ORDER, memo: emoji.repeat(5) });
      parse(placeOrderSchema, { ...SDK_IBAN_ORDER, referenceNumber: emoji.repeat(35) });
      parse(placeOrderSchema, { ...SDK_IBAN_ORDER, referenceNumber: "" });
      parse(placeOrderSchema, { ...SDK_IBAN_ORDER, memo: null, referenceNumber: null, id: null });
    });

    it("takes the Safe on-chain signature `0x` and long off-chain ones", () => {
      parse(placeOrderSchema, { ...SDK_IBAN_ORDER, signature: "0x" });
      parse(placeOrderSchema, { ...SDK_IBAN_ORDER, signature: `0x${"ab".repeat(65 * 3)}` });
    });

    it("takes the amount at the limits", () => {
      assert.equal(parse(placeOrderSchema, { ...SDK_IBAN_ORDER, amount: "0.01" }).amount, 1n);
      assert.equal(parse(placeOrderSchema, { ...SDK_IBAN_ORDER, amount: "14999.99" }).amount, 1_499_999n);
      assert.equal(parse(placeOrderSchema, { ...SDK_IBAN_ORDER, amount: "15000.00" }).amount, 1_500_000n);
    });
  });

  describe("refuses, naming the field", () => {
    const iban = (fields: object) => ({ identifier: { standard: "iban", iban: GR, ...fields } });
    const withDetails = (details: unknown) => ({ identifier: { standard: "iban", iban: GR }, details });
    const refusals: [string, Record<string, unknown>, Record<string, string>][] = [
      ["an empty body", {}, {}],
      ["a bad id", { id: "not-a-uuid" }, { id: "must be a UUID" }],
      ["a short address", { address: "0x123" }, { address: "must be 0x followed by 40 hexadecimal characters" }],
      ["a missing address", { address: undefined }, { address: "Address missing" }],
      ["an unknown currency", { currency: "btc" }, { currency: "Unknown currency: use eur, usd, gbp or isk" }],
      ["an upper-case currency", { currency: "EUR" }, { currency: "Unknown currency: use eur, usd, gbp or isk" }],
      ["a missing currency", { currency: undefined }, { currency: "Currency missing" }],
      ["an empty chain", { chain: "" }, { chain: "Chain missing" }],
      ["a missing chain", { chain: undefined }, { chain: "Chain missing" }],
      ["an issue order", { kind: "issue" }, { kind: "only redeem orders can be placed" }],
      ["a missing kind", { kind: undefined }, { kind: "Kind missing" }],
      ["three decimals", { amount: "10.001" }, { amount: AMOUNT_REASONS.decimals }],
      ["an exponent", { amount: "1e3" }, { amount: AMOUNT_REASONS.format }],
      ["a sign", { amount: "+10" }, { amount: AMOUNT_REASONS.signed }],
      ["a negative amount", { amount: "-10" }, { amount: AMOUNT_REASONS.signed }],
      ["spaces", { amount: " 10" }, { amount: AMOUNT_REASONS.spaces }],
      ["an empty amount", { amount: "" }, { amount: AMOUNT_REASONS.empty }],
      ["a non-numeric amount", { amount: "ten" }, { amount: AMOUNT_REASONS.format }],
      ["a JSON number", { amount: 10 }, { amount: AMOUNT_REASONS.notText }],
      ["an absurd amount", { amount: "1".repeat(16) }, { amount: AMOUNT_REASONS.tooLarge }],
      ["a missing amount", { amount: undefined }, { amount: AMOUNT_REASONS.missing }],
      ["a missing counterpart", { counterpart: undefined }, { counterpart: "Counterpart missing" }],
      ["a text counterpart", { counterpart: "GR16" }, { counterpart: "must be an object" }],
      ["a missing identifier", { counterpart: {} }, { "counterpart.identifier": "Identifier missing" }],
      [
        "a legacy scan identifier",
        { counterpart: { identifier: { standard: "scan", sortCode: "12-34-56", accountNumber: "12345678" } } },
        { "counterpart.identifier.standard": "must be iban or chain" },
      ],
      [
        "no standard",
        { counterpart: { identifier: { iban: GR } } },
        { "counterpart.identifier.standard": "must be iban or chain" },
      ],
      [
        "a bad IBAN checksum",
        { counterpart: iban({ iban: "GR1601101250000000012300696" }) },
        { "counterpart.identifier.iban": "is not a valid IBAN" },
      ],
      [
        "the SDK mock's TEST_IBAN",
        { counterpart: iban({ iban: "TEST_IBAN" }) },
        { "counterpart.identifier.iban": "is not a valid IBAN" },
      ],
      [
        "a missing IBAN",
        { counterpart: { identifier: { standard: "iban" } } },
        { "counterpart.identifier.iban": "IBAN missing" },
      ],
      [
        "the SDK mock's TESTBIC",
        { counterpart: iban({ bic: "TESTBIC" }) },
        { "counterpart.identifier.bic": "is not a valid BIC" },
      ],
      [
        "a BIC of an unknown country",
        { counterpart: iban({ bic: "DEUTXXFF" }) },
        { "counterpart.identifier.bic": "is not a valid BIC" },
      ],
      [
        "a bad chain address",
        { counterpart: { identifier: { standard: "chain", address: "0x1234", chain: "sepolia" } } },
        { "counterpart.identifier.address": "invalid address" },
      ],
      [
        "a chain identifier without its chain",
        { counterpart: { identifier: { standard: "chain", address: ADDRESS } } },
        { "counterpart.identifier.chain": "Chain missing" },
      ],
      [
        "a one-letter first name",
        { counterpart: withDetails({ firstName: "M", lastName: "Testerson" }) },
        { "counterpart.details.firstName": "First name must be at least 2 characters" },
      ],
      [
        "a one-letter last name",
        { counterpart: withDetails({ firstName: "Mockbank", lastName: " T " }) },
        { "counterpart.details.lastName": "Last name must be at least 2 characters" },
      ],
      [
        "a first name alone",
        { counterpart: withDetails({ firstName: "Mockbank" }) },
        { "counterpart.details.lastName": "Last name missing" },
      ],
      [
        "a last name alone",
        { counterpart: withDetails({ lastName: "Testerson", country: "IS" }) },
        { "counterpart.details.firstName": "First name missing" },
      ],
      [
        "a three-letter country",
        { counterpart: withDetails({ companyName: "Acme", country: "ISL" }) },
        { "counterpart.details.country": "must be a two-letter country code" },
      ],
      [
        "a blank company name",
        { counterpart: withDetails({ companyName: "  " }) },
        { "counterpart.details.companyName": "Company name missing" },
      ],
      [
        "text details",
        { counterpart: withDetails("Mockbank Testerson") },
        { "counterpart.details": "must be an object" },
      ],
      ["an empty message", { message: "" }, { message: "Message missing" }],
      ["a long message", { message: "x".repeat(1001) }, { message: "must be at most 1000 characters" }],
      ["a missing signature", { signature: undefined }, { signature: "Signature missing" }],
      ["a signature without 0x", { signature: "23bf" }, { signature: "must be 0x followed by hexadecimal bytes" }],
      ["a signature of half a byte", { signature: "0x123" }, { signature: "must be 0x followed by hexadecimal bytes" }],
      ["a non-hex signature", { signature: "0xzz" }, { signature: "must be 0x followed by hexadecimal bytes" }],
      ["a short memo", { memo: "abcd" }, { memo: "must be 5 to 140 characters" }],
      ["a four-emoji memo", { memo: "💶".repeat(4) }, { memo: "must be 5 to 140 characters" }],
      ["a long memo", { memo: "x".repeat(141) }, { memo: "must be 5 to 140 characters" }],
      ["a memo of 141 emoji", { memo: "💶".repeat(141) }, { memo: "must be 5 to 140 characters" }],
      ["a number memo", { memo: 12345 }, { memo: "must be a string" }],
      ["a long reference", { referenceNumber: "R".repeat(36) }, { referenceNumber: "must be 0 to 35 characters" }],
      ["a bad supporting document id", { supportingDocumentId: "file-1" }, { supportingDocumentId: "must be a UUID" }],
    ];
    for (const [label, change, expected] of refusals) {
      it(label, () => {
        if (label === "an empty body") {
          assert.deepEqual(errors(placeOrderSchema, {}), {
            address: "Address missing",
            currency: "Currency missing",
            chain: "Chain missing",
            kind: "Kind missing",
            amount: AMOUNT_REASONS.missing,
            counterpart: "Counterpart missing",
            message: "Message missing",
            signature: "Signature missing",
          });
          return;
        }
        assert.deepEqual(errors(placeOrderSchema, { ...SDK_IBAN_ORDER, ...change }), expected);
      });
    }

    it("a body that is not an object", () => {
      for (const body of [null, "order", [SDK_IBAN_ORDER]])
        assert.ok(Object.keys(errors(placeOrderSchema, body)).length > 0);
    });
  });
});

describe("listOrdersQuery", () => {
  it("defaults to the newest 50", () => {
    assert.deepEqual(parse(listOrdersQuery, {}), { sort: "-placedAt", limit: 50 });
  });

  it("accepts every filter and ignores the SDK's accountId", () => {
    const query = {
      address: ADDRESS,
      txHash: `0x${"3".repeat(64)}`,
      profile: "4F079EF8-6D26-11EB-9BC8-ACDE48001122",
      memo: "Powered by Monerium SDK",
      state: "placed",
      kind: "redeem",
      chain: "sepolia",
      sort: "placedAt",
      limit: "100",
      cursor: "eyJpZCI6MX0",
    };
    assert.deepEqual(parse(listOrdersQuery, { ...query, accountId: "whatever" }), {
      ...query,
      profile: "4f079ef8-6d26-11eb-9bc8-acde48001122",
      limit: 100,
    });
  });

  it("takes every state and kind", () => {
    for (const state of ["placed", "pending", "processed", "rejected"])
      assert.equal(parse(listOrdersQuery, { state }).state, state);
    for (const kind of ["issue", "redeem"]) assert.equal(parse(listOrdersQuery, { kind }).kind, kind);
    assert.equal(parse(listOrdersQuery, { limit: "1" }).limit, 1);
    assert.equal(parse(listOrdersQuery, { limit: "007" }).limit, 7);
  });

  const refusals: [Record<string, unknown>, Record<string, string>][] = [
    [{ address: "0x123" }, { address: "must be 0x followed by 40 hexadecimal characters" }],
    [{ txHash: "0x" }, { txHash: "must be 0x followed by up to 64 hexadecimal characters" }],
    [{ txHash: "3333" }, { txHash: "must be 0x followed by up to 64 hexadecimal characters" }],
    [{ profile: "me" }, { profile: "must be a UUID" }],
    [{ memo: "UNIT" }, { memo: "must be 5 to 140 characters" }],
    [{ state: "done" }, { state: "must be one of placed, pending, processed, rejected" }],
    [{ kind: "swap" }, { kind: "must be one of issue, redeem" }],
    [{ chain: "" }, { chain: "Chain missing" }],
    [{ sort: "amount" }, { sort: "must be one of placedAt, -placedAt" }],
    [{ limit: "0" }, { limit: "must be a whole number from 1 to 100" }],
    [{ limit: "101" }, { limit: "must be a whole number from 1 to 100" }],
    [{ limit: "1000" }, { limit: "must be a whole number from 1 to 100" }],
    [{ limit: "1e1" }, { limit: "must be a whole number from 1 to 100" }],
    [{ limit: "-1" }, { limit: "must be a whole number from 1 to 100" }],
    [{ limit: "5.5" }, { limit: "must be a whole number from 1 to 100" }],
    [{ limit: " 5" }, { limit: "must be a whole number from 1 to 100" }],
    [{ limit: "" }, { limit: "must be a whole number from 1 to 100" }],
    [{ cursor: "" }, { cursor: "Cursor missing" }],
    [{ memo: ["Powered by Monerium", "again"] }, { memo: "must be given once" }],
    [{ address: [ADDRESS, ADDRESS] }, { address: "must be given once" }],
  ];
  for (const [query, expected] of refusals) {
    it(`refuses ${JSON.stringify(query)}`, () => assert.deepEqual(errors(listOrdersQuery, query), expected));
  }
});
