// Reading an order message's text: its timestamp, its parts, and the shortened IBAN it may name.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseOrderMessage, parseTimestamp, shortIban } from "./order-message.ts";
import { GR, SDK_IBAN } from "./testing/order-messages.ts";

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

describe("shortIban", () => {
  it("is the first four, three dots and the last four of the compact IBAN", () => {
    assert.equal(shortIban(SDK_IBAN), "EE12...2602");
    assert.equal(shortIban(GR), "GR16...0695");
    assert.equal(shortIban("gr16 0110 1250 0000 0001 2300 695"), "GR16...0695");
    assert.equal(shortIban(GR).length, 11);
  });
});
