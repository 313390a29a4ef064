import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Currency as SdkCurrency, placeOrderMessage } from "@monerium/sdk";
import { resolveChain, type Currency } from "../chains/registry.ts";
import {
  ORDER_MESSAGE_MAX_AGE_MS,
  checkOrderMessage,
  orderMessage,
  parseOrderMessage,
  parseTimestamp,
  shortIban,
  type OrderMessageCounterpart,
} from "./order-message.ts";

/** Sandbox rules: a production name stands for its testnet, as the SDK may send either. */
const sameChain = (a: string, b: string) => {
  const [left, right] = [resolveChain(a, "sandbox"), resolveChain(b, "sandbox")];
  return left !== undefined && left.name === right?.name;
};

const NOW = new Date("2026-11-22T02:35:00Z");
const SDK_IBAN = "EE12 7310 1381 5551 2602"; // the SDK tests' IBAN (spaced; shortened it is EE12...2602)
const GR = "GR1601101250000000012300695";
const ADDRESS = "0xdef0000000000000000000000000000000000DeF";

const iban = (value: string): OrderMessageCounterpart => ({ standard: "iban", iban: value });
const chain = (address: string, name: string): OrderMessageCounterpart => ({ standard: "chain", address, chain: name });

function check(
  message: string,
  order: { currency?: Currency; amountMinor: bigint; counterpart: OrderMessageCounterpart },
  now = NOW,
) {
  return checkOrderMessage({ message, order: { currency: "eur", ...order }, now, sameChain });
}

describe("parseTimestamp", () => {
  const instants: [string, string][] = [
    ["2024-07-12T12:02:49Z", "2024-07-12T12:02:49.000Z"],
    ["2024-07-12T12:02Z", "2024-07-12T12:02:00.000Z"],
    ["2024-06-07T18:25:19.948Z", "2024-06-07T18:25:19.948Z"],
    ["2024-07-29T12:21:58.777884Z", "2024-07-29T12:21:58.777Z"],
    ["2024-07-29T12:21:58.7Z", "2024-07-29T12:21:58.700Z"],
    ["2023-04-30T12:00:00+01:00", "2023-04-30T11:00:00.000Z"],
    ["2023-04-30T12:00:00-07:00", "2023-04-30T19:00:00.000Z"],
    ["2023-04-30T12:00+05:30", "2023-04-30T06:30:00.000Z"],
    ["2023-04-30T12:00:00+00:00", "2023-04-30T12:00:00.000Z"],
    ["2023-04-30T12:00:00-00:00", "2023-04-30T12:00:00.000Z"],
    ["2023-12-31T23:30:00-01:00", "2024-01-01T00:30:00.000Z"],
    ["2024-07-12t12:02:49z", "2024-07-12T12:02:49.000Z"],
    ["2024-07-12t12:02z", "2024-07-12T12:02:00.000Z"],
    ["2024-02-29T00:00:00Z", "2024-02-29T00:00:00.000Z"],
    ["0099-01-01T00:00:00Z", "0099-01-01T00:00:00.000Z"],
  ];
  for (const [text, instant] of instants) {
    it(`reads ${text}`, () => assert.equal(parseTimestamp(text)?.toISOString(), instant));
  }

  const unreadable = [
    "Thu, 29 Dec 2022 14:58 +00:00",
    "yesterday",
    "",
    "2024-07-12",
    "2024-07-12T12:02:49", // no zone
    "2024-07-12 12:02:49Z",
    "2024-07-12T12Z",
    "2024-07-12T12:02:49+0100",
    "2024-07-12T12:02:49+01",
    "2024-07-12T12:02:49.Z",
    "2024-7-12T12:02:49Z",
    "2023-02-29T00:00:00Z",
    "2024-13-01T00:00:00Z",
    "2024-00-01T00:00:00Z",
    "2024-04-31T00:00:00Z",
    "2024-07-12T24:00:00Z",
    "2024-07-12T12:60:00Z",
    "2024-07-12T12:02:60Z",
    "2024-07-12T12:02:49+24:00",
    "2024-07-12T12:02:49+01:60",
    " 2024-07-12T12:02:49Z",
    "2024-07-12T12:02:49Z ",
    "1720785769",
    "２０２４-07-12T12:02:49Z",
  ];
  for (const text of unreadable) {
    it(`does not read ${JSON.stringify(text)}`, () => assert.equal(parseTimestamp(text), null));
  }
});

describe("parseOrderMessage", () => {
  it("splits the SEPA form", () => {
    assert.deepEqual(parseOrderMessage("Send EUR 1.23 to EE12...2602 at 2026-11-22T02:33:53Z"), {
      currency: "EUR",
      amount: "1.23",
      receiver: "EE12...2602",
      timestamp: new Date("2026-11-22T02:33:53Z"),
    });
  });

  it("splits the full IBAN with a seconds-and-offset timestamp", () => {
    assert.deepEqual(parseOrderMessage(`Send EUR 10 to ${GR} at 2026-11-22T03:33:53+01:00`), {
      currency: "EUR",
      amount: "10",
      receiver: GR,
      timestamp: new Date("2026-11-22T02:33:53Z"),
    });
  });

  it("splits the cross-chain form", () => {
    assert.deepEqual(parseOrderMessage("Send EUR 5 to 0xdef on polygon at 2026-11-22T02:33:53Z"), {
      currency: "EUR",
      amount: "5",
      receiver: "0xdef",
      chain: "polygon",
      timestamp: new Date("2026-11-22T02:33:53Z"),
    });
  });

  it("keeps a receiver with spaces as written", () => {
    assert.deepEqual(parseOrderMessage(`Send USD 1.23 to ${SDK_IBAN} at 2026-11-22T02:33Z`), {
      currency: "USD",
      amount: "1.23",
      receiver: SDK_IBAN,
      timestamp: new Date("2026-11-22T02:33:00Z"),
    });
  });

  it("still parses a message whose timestamp it cannot read", () => {
    assert.deepEqual(parseOrderMessage(`Send EUR 10 to ${GR} at Thu, 29 Dec 2022 14:58 +00:00`), {
      currency: "EUR",
      amount: "10",
      receiver: GR,
      timestamp: null,
    });
    assert.equal(parseOrderMessage(`Send EUR 10 to ${GR} at yesterday`)?.timestamp, null);
    assert.equal(parseOrderMessage(`Send EUR 10 to ${GR} at yesterday at noon`)?.receiver, GR);
  });

  it("keeps the currency and amount as written", () => {
    const parsed = parseOrderMessage(`Send eur 1e3 to ${GR} at 2026-11-22T02:33:53Z`);
    assert.equal(parsed?.currency, "eur");
    assert.equal(parsed?.amount, "1e3");
  });

  const malformed = [
    "",
    "Send EUR 10 to GR16",
    `Send EUR 10 ${GR} at 2026-11-22T02:33:53Z`,
    `Send EUR to ${GR} at 2026-11-22T02:33:53Z`,
    `Send 10 to ${GR} at 2026-11-22T02:33:53Z`,
    `send EUR 10 to ${GR} at 2026-11-22T02:33:53Z`,
    `Pay EUR 10 to ${GR} at 2026-11-22T02:33:53Z`,
    `Send EUR 10 to  at 2026-11-22T02:33:53Z`,
    `Send EUR 10 to ${GR} at `,
    `Send EUR 10 to ${GR}`,
    ` Send EUR 10 to ${GR} at 2026-11-22T02:33:53Z`,
    `Send  EUR 10 to ${GR} at 2026-11-22T02:33:53Z`,
    `Send EUR 10 to ${GR}\nat 2026-11-22T02:33:53Z`,
    `Send EUR 10 to ${GR} at 2026-11-22T02:33:53Z\nSend EUR 99 to ${GR} at 2026-11-22T02:33:53Z`,
  ];
  for (const text of malformed) {
    it(`refuses ${JSON.stringify(text).slice(0, 60)}`, () => assert.equal(parseOrderMessage(text), null));
  }
});

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

describe("shortIban", () => {
  it("is the first four, three dots and the last four of the compact IBAN", () => {
    assert.equal(shortIban(SDK_IBAN), "EE12...2602");
    assert.equal(shortIban(GR), "GR16...0695");
    assert.equal(shortIban("gr16 0110 1250 0000 0001 2300 695"), "GR16...0695");
    assert.equal(shortIban(GR).length, 11);
  });
});
