// The bodies placeOrderSchema accepts, and what it gives the use case (the refusals are in
// place-order-schema-refusals.test.ts).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { placeOrderSchema, type PlaceOrderRequest } from "./order.schemas.ts";
import {
  ADDRESS,
  GR,
  SDK_BIC_ORDER,
  SDK_CROSS_CHAIN_ORDER,
  SDK_IBAN_ORDER,
  SIGNATURE,
  parse,
} from "./testing/order-bodies.ts";

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
});
