// The bodies placeOrderSchema refuses, each with the message at its dotted path.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AMOUNT_REASONS } from "../money/amount.ts";
import { placeOrderSchema } from "./order.schemas.ts";
import { ADDRESS, GR, SDK_IBAN_ORDER, errors } from "./testing/order-bodies.ts";

describe("placeOrderSchema", () => {
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
