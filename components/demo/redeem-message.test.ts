import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkOrderMessage } from "../../server/orders/order-message.ts";
import { redeemBody, redeemMessage } from "./redeem-message.ts";

// The demo integrator writes its message on its own (it only talks HTTP); this holds it to what the API checks.
describe("the demo integrator's redeem message", () => {
  const at = new Date("2026-11-23T16:05:09.123Z");
  const input = {
    address: "0x59a4C0D3b8e2B7f1f3a9E0d5F6C7b8A9e0D1c2B3",
    chain: "sepolia",
    amount: " 25.5 ",
    iban: "gr16 0110 1250 0000 0001 2300 695",
    firstName: "Mockbank",
    lastName: "Testerson",
    memo: "",
  };

  it("reads Send EUR <amount> to <IBAN> at <timestamp>, with the IBAN compact and the time in UTC seconds", () => {
    assert.equal(redeemMessage(input, at), "Send EUR 25.5 to GR1601101250000000012300695 at 2026-11-23T16:05:09Z");
  });

  it("passes the server's check for the body it is sent with", () => {
    const message = redeemMessage(input, at);
    const body = redeemBody(input, message, "0x00") as { amount: string; counterpart: { identifier: unknown } };
    assert.equal(body.amount, "25.5");
    assert.deepEqual(body.counterpart.identifier, { standard: "iban", iban: "GR1601101250000000012300695" });
    const problems = checkOrderMessage({
      message,
      order: {
        currency: "eur",
        amountMinor: 2550n,
        counterpart: { standard: "iban", iban: "GR1601101250000000012300695" },
      },
      now: new Date(at.getTime() + 60_000),
      sameChain: (a, b) => a === b,
    });
    assert.equal(problems, undefined);
  });

  it("leaves an empty memo out of the body (the API wants 5 to 140 characters when there is one)", () => {
    assert.equal("memo" in redeemBody(input, "m", "0x"), false);
    assert.equal(redeemBody({ ...input, memo: " Invoice 7 " }, "m", "0x").memo, "Invoice 7");
  });
});
