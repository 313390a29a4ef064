// Checking an order message against the order it signs: the SDK's forms, the time window, and the first difference.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Currency as SdkCurrency, placeOrderMessage } from "@monerium/sdk";
import { ORDER_MESSAGE_MAX_AGE_MS, orderMessage } from "./order-message.ts";
import { ADDRESS, GR, SDK_IBAN, chain, check, iban } from "./testing/order-messages.ts";

describe("checkOrderMessage", () => {
  describe("accepts the SDK's forms", () => {
    it("short IBAN (EUR)", () => {
      const message = "Send EUR 1.23 to EE12...2602 at 2026-11-22T02:33:53Z";
      assert.equal(check(message, { amountMinor: 123n, counterpart: iban(SDK_IBAN) }), undefined);
    });

    it("full IBAN with an offset", () => {
      const message = `Send EUR 10 to ${GR} at 2026-11-22T03:33:53+01:00`;
      assert.equal(check(message, { amountMinor: 1000n, counterpart: iban(GR) }), undefined);
    });

    it("full IBAN against a spaced or lower-case counterpart", () => {
      const message = `Send EUR 10 to ${GR} at 2026-11-22T02:33:53Z`;
      assert.equal(
        check(message, { amountMinor: 1000n, counterpart: iban("gr16 0110 1250 0000 0001 2300 695") }),
        undefined,
      );
    });

    it("cross-chain", () => {
      const message = `Send EUR 5 to ${ADDRESS} on polygon at 2026-11-22T02:33:53Z`;
      assert.equal(check(message, { amountMinor: 500n, counterpart: chain(ADDRESS, "polygon") }), undefined);
    });

    it("cross-chain with the production name in sandbox and the address in another case", () => {
      const message = `Send EUR 5 to ${ADDRESS.toLowerCase()} on polygon at 2026-11-22T02:33:53Z`;
      assert.equal(
        check(message, { amountMinor: 500n, counterpart: chain(ADDRESS.toUpperCase().replace("0X", "0x"), "amoy") }),
        undefined,
      );
    });

    it("USD with the receiver unchanged, spaces and all", () => {
      const message = `Send USD 1.23 to ${SDK_IBAN} at 2026-11-22T02:33:53Z`;
      assert.equal(check(message, { currency: "usd", amountMinor: 123n, counterpart: iban(SDK_IBAN) }), undefined);
    });

    it("a shortened IBAN for another currency too", () => {
      const message = "Send GBP 1.23 to GB33...5555 at 2026-11-22T02:33:53Z";
      assert.equal(
        check(message, { currency: "gbp", amountMinor: 123n, counterpart: iban("GB33BUKB20201555555555") }),
        undefined,
      );
    });

    it("the amount written with one, two or no decimals", () => {
      for (const amount of ["1.2", "1.20", "01.20"]) {
        const message = `Send EUR ${amount} to ${GR} at 2026-11-22T02:33:53Z`;
        assert.equal(check(message, { amountMinor: 120n, counterpart: iban(GR) }), undefined, amount);
      }
      assert.equal(
        check(`Send EUR 10.00 to ${GR} at 2026-11-22T02:33Z`, { amountMinor: 1000n, counterpart: iban(GR) }),
        undefined,
      );
    });

    it("messages the installed SDK builds right now, in any time zone", () => {
      const saved = process.env.TZ;
      try {
        for (const zone of ["UTC", "Europe/London", "America/Los_Angeles", "Asia/Kolkata"]) {
          process.env.TZ = zone;
          const now = new Date();
          const sepa = placeOrderMessage("1.23", SdkCurrency.eur, SDK_IBAN);
          assert.equal(check(sepa, { amountMinor: 123n, counterpart: iban(SDK_IBAN) }, now), undefined, sepa);
          const full = placeOrderMessage("10", SdkCurrency.usd, GR);
          assert.equal(
            check(full, { currency: "usd", amountMinor: 1000n, counterpart: iban(GR) }, now),
            undefined,
            full,
          );
          const cross = placeOrderMessage("5", SdkCurrency.eur, ADDRESS, 11155111);
          assert.equal(
            check(cross, { amountMinor: 500n, counterpart: chain(ADDRESS, "sepolia") }, now),
            undefined,
            cross,
          );
        }
      } finally {
        if (saved === undefined) delete process.env.TZ;
        else process.env.TZ = saved;
      }
    });

    it("the canonical message it builds", () => {
      const at = new Date("2026-11-22T02:33:53.948Z");
      const sepa = orderMessage({
        currency: "eur",
        amountText: "10",
        counterpart: iban("GR16 0110 1250 0000 0001 2300 695"),
        at,
      });
      assert.equal(sepa, `Send EUR 10 to ${GR} at 2026-11-22T02:33:53Z`);
      assert.equal(check(sepa, { amountMinor: 1000n, counterpart: iban(GR) }), undefined);
      const cross = orderMessage({ currency: "gbp", amountText: "0.5", counterpart: chain(ADDRESS, "chiado"), at });
      assert.equal(cross, `Send GBP 0.5 to ${ADDRESS} on chiado at 2026-11-22T02:33:53Z`);
      assert.equal(
        check(cross, { currency: "gbp", amountMinor: 50n, counterpart: chain(ADDRESS, "gnosis") }),
        undefined,
      );
    });
  });

  describe("the time window", () => {
    const at = (timestamp: string) => `Send EUR 10 to ${GR} at ${timestamp}`;
    const order = { amountMinor: 1000n, counterpart: iban(GR) };
    const expired = { message: "timestamp is expired" };

    it("refuses a stale message in the RFC 2822 spelling the live service was sent", () => {
      assert.deepEqual(check(at("Thu, 29 Dec 2022 14:58 +00:00"), order), expired);
    });

    it("refuses a timestamp it cannot read", () => {
      assert.deepEqual(check(at("yesterday"), order), expired);
      assert.deepEqual(check(at("2026-11-22T02:35:00"), order), expired);
    });

    it("accepts a message exactly five minutes old and refuses one a millisecond older", () => {
      assert.equal(ORDER_MESSAGE_MAX_AGE_MS, 300_000);
      assert.equal(check(at("2026-11-22T02:30:00Z"), order), undefined);
      assert.equal(check(at("2026-11-22T02:30Z"), order), undefined);
      assert.equal(check(at("2026-11-22T03:30:00+01:00"), order), undefined);
      assert.deepEqual(check(at("2026-11-22T02:29:59.999Z"), order), expired);
      assert.deepEqual(check(at("2026-11-22T02:29:59Z"), order), expired);
      assert.deepEqual(check(at("2026-11-22T02:29Z"), order), expired);
    });

    it("accepts the current minute and any future time", () => {
      assert.equal(check(at("2026-11-22T02:35Z"), order), undefined);
      assert.equal(check(at("2026-11-22T02:37:00Z"), order), undefined);
      assert.equal(check(at("2026-11-21T20:37:00-07:00"), order), undefined);
      assert.equal(check(at("2099-01-01T00:00:00Z"), order), undefined);
      assert.equal(check(at("9999-12-31T23:59:59.999Z"), order), undefined);
    });

    it("judges the time last, after everything else matches", () => {
      const stale = "Thu, 29 Dec 2022 14:58 +00:00";
      assert.match(check(`Send EUR 11 to ${GR} at ${stale}`, order)?.message ?? "", /amount/);
      assert.match(check(`Send USD 10 to ${GR} at ${stale}`, order)?.message ?? "", /currency/);
      assert.match(check(`Send EUR 10 to DE89370400440532013000 at ${stale}`, order)?.message ?? "", /receiver/);
    });
  });

  describe("names the first thing that differs", () => {
    const order = { amountMinor: 1100n, counterpart: iban(GR) };
    const refusals: [string, string, Parameters<typeof check>[1]?][] = [
      [
        "Pay 11 EUR to GR16",
        "must read 'Send <CURRENCY> <AMOUNT> to <IBAN> at <TIMESTAMP>', or for a cross-chain order 'Send <CURRENCY> <AMOUNT> to <ADDRESS> on <CHAIN> at <TIMESTAMP>'",
      ],
      [
        `Send USD 11 to ${GR} at 2026-11-22T02:33:53Z`,
        "the currency in the message (USD) differs from the order's currency (EUR)",
      ],
      [
        `Send eur 11 to ${GR} at 2026-11-22T02:33:53Z`,
        "the currency in the message (eur) differs from the order's currency (EUR)",
      ],
      [
        `Send EUR 10 to ${GR} at 2026-11-22T02:33:53Z`,
        "the amount in the message (10.00) differs from the order's amount (11.00)",
      ],
      [
        `Send USD 10 to DE89370400440532013000 at 2026-11-22T02:33:53Z`,
        "the currency in the message (USD) differs from the order's currency (EUR)",
      ],
      [
        `Send EUR 11.001 to ${GR} at 2026-11-22T02:33:53Z`,
        "the amount in the message (11.001) must have at most two decimals",
      ],
      [
        `Send EUR 1.1e1 to ${GR} at 2026-11-22T02:33:53Z`,
        "the amount in the message (1.1e1) must be a decimal string with at most two decimals, such as 10.50",
      ],
      [
        `Send EUR -11 to ${GR} at 2026-11-22T02:33:53Z`,
        "the amount in the message (-11) must be written without a sign",
      ],
      [
        `Send EUR 11 to DE89370400440532013000 at 2026-11-22T02:33:53Z`,
        `the receiver in the message (DE89370400440532013000) differs from the counterpart's IBAN (${GR} or GR16...0695)`,
      ],
      [
        `Send EUR 11 to GR16...0694 at 2026-11-22T02:33:53Z`,
        `the receiver in the message (GR16...0694) differs from the counterpart's IBAN (${GR} or GR16...0695)`,
      ],
      [
        `Send EUR 11 to GR16..0695 at 2026-11-22T02:33:53Z`,
        `the receiver in the message (GR16..0695) differs from the counterpart's IBAN (${GR} or GR16...0695)`,
      ],
      [
        `Send EUR 11 to GR160110...0695 at 2026-11-22T02:33:53Z`,
        `the receiver in the message (GR160110...0695) differs from the counterpart's IBAN (${GR} or GR16...0695)`,
      ],
      [
        `Send EUR 11 to ${GR.slice(0, -1)} at 2026-11-22T02:33:53Z`,
        `the receiver in the message (${GR.slice(0, -1)}) differs from the counterpart's IBAN (${GR} or GR16...0695)`,
      ],
      [
        `Send EUR 11 to ${GR} on sepolia at 2026-11-22T02:33:53Z`,
        "the message sends to a chain (sepolia) but the counterpart is an IBAN; it must read 'Send <CURRENCY> <AMOUNT> to <IBAN> at <TIMESTAMP>'",
      ],
      [
        `Send EUR 11 to 0xabc0000000000000000000000000000000000abc on sepolia at 2026-11-22T02:33:53Z`,
        `the receiver in the message (0xabc0000000000000000000000000000000000abc) differs from the counterpart's address (${ADDRESS})`,
        { amountMinor: 1100n, counterpart: chain(ADDRESS, "sepolia") },
      ],
      [
        `Send EUR 11 to ${ADDRESS} at 2026-11-22T02:33:53Z`,
        "the message names no chain; a cross-chain order reads 'Send <CURRENCY> <AMOUNT> to <ADDRESS> on <CHAIN> at <TIMESTAMP>'",
        { amountMinor: 1100n, counterpart: chain(ADDRESS, "sepolia") },
      ],
      [
        `Send EUR 11 to ${ADDRESS} on polygon at 2026-11-22T02:33:53Z`,
        "the chain in the message (polygon) differs from the counterpart's chain (sepolia)",
        { amountMinor: 1100n, counterpart: chain(ADDRESS, "sepolia") },
      ],
      [
        `Send EUR 11 to ${ADDRESS} on nowhere at 2026-11-22T02:33:53Z`,
        "the chain in the message (nowhere) differs from the counterpart's chain (sepolia)",
        { amountMinor: 1100n, counterpart: chain(ADDRESS, "sepolia") },
      ],
    ];
    for (const [message, problem, other] of refusals) {
      it(problem.slice(0, 90), () => assert.deepEqual(check(message, other ?? order), { message: problem }));
    }

    it("reports only the message key", () => {
      const errors = check(`Send USD 1 to DE89370400440532013000 on polygon at yesterday`, order);
      assert.deepEqual(Object.keys(errors ?? {}), ["message"]);
    });
  });
});
