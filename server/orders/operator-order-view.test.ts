import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import type { Order } from "../generated/prisma/client.ts";
import { operatorOrderView } from "./operate-orders.ts";

const placedAt = new Date("2026-11-27T09:00:00Z");

/** A redeem order paid out by IBAN, burned at `placedAt` and still open (its payout not released). */
function burnedRedeem(): Order {
  return {
    id: randomUUID(),
    seq: 1n,
    kind: "redeem",
    profileId: randomUUID(),
    address: "0x0000000000000000000000000000000000000001",
    addressKey: "0x0000000000000000000000000000000000000001",
    chain: "gnosis",
    currency: "eur",
    amountMinor: 40_00n,
    counterpart: { identifier: { standard: "iban", iban: "DE89370400440532013000" }, details: { name: "A B" } },
    memo: "Invoice",
    memoKey: null,
    referenceNumber: null,
    state: "pending",
    message: "Send EUR 40 to DE89370400440532013000 at 2026-11-27T09:00:00Z",
    signature: "0x",
    messageKey: null,
    signedAt: placedAt,
    supportingDocumentId: null,
    placedAt,
    processedAt: null,
    rejectedReason: null,
    txHashes: [],
    chainAttemptAt: placedAt,
    requestHash: null,
    idempotencyKey: null,
    placedById: null,
    parentOrderId: null,
    paymentFileId: null,
    endToEndId: null,
    updatedAt: placedAt,
  };
}

describe("the operator's view of an open order", () => {
  const later = new Date(placedAt.getTime() + 11 * 60_000);

  it("a redeem burned eleven minutes ago whose payout waits for its payment file's release is not stuck", () => {
    const view = operatorOrderView(burnedRedeem(), later, undefined, { release: true });
    assert.equal(view.awaitingRelease, true);
    assert.equal(view.stuck, false);
  });

  it("an order handed to its chain eleven minutes ago and not settled is stuck", () => {
    const view = operatorOrderView(burnedRedeem(), later);
    assert.equal(view.awaitingRelease, false);
    assert.equal(view.stuck, true);
  });

  it("a processed order waits for nothing", () => {
    const view = operatorOrderView({ ...burnedRedeem(), state: "processed", processedAt: later }, later, undefined, {
      release: true,
      mintHeld: true,
    });
    assert.deepEqual([view.awaitingRelease, view.mintHeld, view.stuck], [false, false, false]);
  });

  it("C69 an issue order whose mint is held at a mint cap eleven minutes ago waits for its release and is not stuck", () => {
    const issue = { ...burnedRedeem(), kind: "issue" as const, signature: null, signedAt: null };
    const view = operatorOrderView(issue, later, undefined, { mintHeld: true });
    assert.equal(view.mintHeld, true);
    assert.equal(view.stuck, false);
    assert.equal(operatorOrderView(issue, later).stuck, true, "the same order not held is stuck");
  });
});
