import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { listOrdersQuery } from "./order.schemas.ts";
import { ADDRESS, errors, parse } from "./testing/order-bodies.ts";

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
