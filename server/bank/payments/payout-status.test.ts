import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, describe, it } from "node:test";
import type { Config } from "../../config.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { Prisma, type BankEntry, type Order } from "../../generated/prisma/client.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { tearDownDrivers } from "../../testing/tear-down-drivers.ts";
import { redeemEndToEndId, returnEndToEndId } from "./end-to-end-id.ts";
import { instructReturn, runPaymentRun, settlePayoutEntry, type PayoutOutcome } from "./payouts.ts";
import {
  applied as appliedWith,
  assertReissuedOnce as assertReissuedWith,
  reissuesOf as reissuesWith,
  walletBalance,
} from "./testing/payout-assertions.ts";
import { bankConfig, burned, customer, placedRedeem, statusReport } from "./testing/payout-fixtures.ts";
import { ENTRY_DEBTOR_IBAN, ENTRY_DEBTOR_NAME, ENTRY_REMITTANCE } from "../import/entry-columns.ts";
import { sealAtRest } from "../../keys/sealed-value.ts";
import { payoutCounterpartOf, payoutRemittance } from "./payout-text.ts";

// Issue 24, money out: what the bank answers (C50), on the test database.
await setUpTestInstance("payout-status");

const config = bankConfig();

/** A redeem order processed in the sandbox (its payout released at once) and the message id of its file. */
async function paidOut(amountMinor = 4_200n): Promise<{ order: Order; messageId: string; endToEndId: string }> {
  const order = await burned(await placedRedeem(await customer(), { amountMinor }), config);
  assert.equal(order.state, "processed");
  const prisma = await db();
  const file = await prisma.bankFile.findUniqueOrThrow({ where: { id: order.paymentFileId! } });
  return { order, messageId: file.messageId, endToEndId: redeemEndToEndId(order.id) };
}

const applied = (report: ReturnType<typeof statusReport>, cfg: Config = config) => appliedWith(report, cfg);
const reissuesOf = (redeem: Order) => reissuesWith(redeem, config);
const assertReissuedOnce = (redeem: Order, reason: RegExp) => assertReissuedWith(redeem, reason, config);

async function entryApplied(entry: Parameters<typeof settlePayoutEntry>[1]): Promise<PayoutOutcome | undefined> {
  const prisma = await db();
  return prisma.$transaction((tx) => settlePayoutEntry(tx, entry, { config, now: new Date() }));
}

describe("issue 24: status back (C50)", () => {
  // The chain queue's lock connection (re-issues are minted through it) ends before the test database is dropped.
  after(tearDownDrivers);

  it("C50 a payment the bank rejects in a pain.002 gives its tokens back once, linked to the redeem order, even when the report is applied twice", async () => {
    const { order, messageId, endToEndId } = await paidOut();
    assert.equal(await walletBalance(order), 0n);
    const report = statusReport(messageId, {
      group: { status: "PART" },
      payments: [{ endToEndId, status: "RJCT", reason: "AC04" }, { endToEndId: "not-one-of-ours" }],
    });
    const [first] = await applied(report);
    assert.equal(first!.state, "rejected");
    assert.equal(first!.changed, true);
    assert.ok(first!.reissueOrderId);
    // The unknown end-to-end id has no outcome and stops nothing.
    assert.equal((await applied(report)).length, 1);
    const again = await applied(report);
    assert.deepEqual(again, [
      {
        payoutId: first!.payoutId,
        endToEndId,
        state: "rejected",
        changed: false,
        level: "transaction",
        status: "RJCT",
        reason: "AC04",
      },
    ]);
    const issue = await assertReissuedOnce(order, /rejected by the bank \(AC04\)/);
    assert.equal(issue.id, first!.reissueOrderId);
    const prisma = await db();
    const payout = await prisma.payout.findUniqueOrThrow({ where: { id: first!.payoutId } });
    assert.deepEqual([payout.state, payout.reasonCode], ["rejected", "AC04"]);
    assert.ok(payout.settledAt);
    // A debit the bank books later for a rejected payout changes nothing, and says why.
    const debit = await entryApplied({
      kind: "debit",
      endToEndId,
      amountMinor: order.amountMinor,
      currency: "EUR",
      bankEntryId: randomUUID(),
    });
    assert.equal(debit!.state, "rejected");
    assert.match(debit!.problem ?? "", /the payout is rejected/);
  });

  it("C50 the same rejection applied by two imports at once re-issues once", async () => {
    const { order, messageId, endToEndId } = await paidOut(1_111n);
    const report = statusReport(messageId, { payments: [{ endToEndId, status: "RJCT", reason: "MS03" }] });
    const outcomes = (await Promise.all([applied(report), applied(report)])).flat();
    assert.equal(outcomes.filter((outcome) => outcome.reissueOrderId).length, 1);
    await assertReissuedOnce(order, /MS03/);
  });

  it("C50 a group rejection rejects every payment of the file; a status for another file's payment is not applied", async () => {
    const manual = bankConfig({ manual: true });
    const orders = [];
    for (const amountMinor of [300n, 400n, 500n]) {
      orders.push(await burned(await placedRedeem(await customer(), { amountMinor }), manual));
    }
    const [file] = (await runPaymentRun(bankConfig())).files;
    assert.equal(file!.nbOfTxs, 3);
    const elsewhere = await paidOut(600n);
    const outcomes = await applied(
      statusReport(file!.messageId, {
        group: { status: "RJCT", reason: "AM04" },
        payments: [{ endToEndId: elsewhere.endToEndId, status: "RJCT" }],
      }),
    );
    assert.deepEqual(
      outcomes.map((outcome) => [outcome.state, outcome.changed, Boolean(outcome.reissueOrderId)]),
      [
        ["rejected", true, true],
        ["rejected", true, true],
        ["rejected", true, true],
      ],
    );
    for (const order of orders) await assertReissuedOnce({ ...order, state: "processed" }, /AM04/);
    const prisma = await db();
    const other = await prisma.payout.findUniqueOrThrow({ where: { endToEndId: elsewhere.endToEndId } });
    assert.equal(other.state, "released");
    assert.deepEqual(await reissuesOf(elsewhere.order), []);
  });

  it("a group acceptance accepts the payments the report does not answer one by one; one rejected among them is re-issued", async () => {
    const manual = bankConfig({ manual: true });
    const orders = [];
    for (const amountMinor of [710n, 720n]) {
      orders.push(await burned(await placedRedeem(await customer(), { amountMinor }), manual));
    }
    const [file] = (await runPaymentRun(bankConfig())).files;
    const refused = redeemEndToEndId(orders[1]!.id);
    const outcomes = await applied(
      statusReport(file!.messageId, {
        group: { status: "ACCP" },
        payments: [{ endToEndId: refused, status: "RJCT", reason: "AC04" }],
      }),
    );
    assert.deepEqual(
      outcomes.map((outcome) => [outcome.endToEndId, outcome.state]),
      [
        [refused, "rejected"],
        [redeemEndToEndId(orders[0]!.id), "accepted"],
      ],
    );
    await assertReissuedOnce({ ...orders[1]!, state: "processed" }, /AC04/);
    assert.deepEqual(await reissuesOf(orders[0]!), []);
  });

  it("C50 accepted, debited, then returned with a reason code: the tokens come back once, however often the entries are applied", async () => {
    const { order, messageId, endToEndId } = await paidOut(9_999n);
    const pending = await applied(statusReport(messageId, { payments: [{ endToEndId, status: "PDNG" }] }));
    assert.deepEqual(
      pending.map((outcome) => [outcome.state, outcome.changed]),
      [["released", false]],
    );
    const accepted = await applied(statusReport(messageId, { group: { status: "ACSC" } }));
    assert.deepEqual(
      accepted.map((outcome) => [outcome.state, outcome.changed]),
      [["accepted", true]],
    );
    const debit = {
      kind: "debit",
      endToEndId,
      amountMinor: 9_999n,
      currency: "EUR",
      bankEntryId: randomUUID(),
    } as const;
    assert.deepEqual([(await entryApplied(debit))!.state, (await entryApplied(debit))!.changed], ["debited", false]);
    // A late acceptance does not undo the debit.
    const late = await applied(statusReport(messageId, { payments: [{ endToEndId, status: "ACCP" }] }));
    assert.deepEqual(
      late.map((outcome) => [outcome.state, outcome.changed]),
      [["debited", false]],
    );
    assert.deepEqual(await reissuesOf(order), []);

    const back = {
      kind: "return",
      endToEndId,
      amountMinor: 9_999n,
      currency: "EUR",
      reasonCode: "AC06",
      bankEntryId: randomUUID(),
    } as const;
    const returned = await entryApplied(back);
    assert.deepEqual([returned!.state, returned!.changed, Boolean(returned!.reissueOrderId)], ["returned", true, true]);
    const repeated = await entryApplied(back);
    assert.deepEqual([repeated!.state, repeated!.changed, repeated!.reissueOrderId], ["returned", false, undefined]);
    await assertReissuedOnce(order, /returned by the bank \(AC06\)/);
    // A pain.002 rejection arriving after the return gives nothing back again.
    const rejected = await applied(statusReport(messageId, { payments: [{ endToEndId, status: "RJCT" }] }));
    assert.equal(rejected[0]!.changed, false);
    assert.equal((await reissuesOf(order)).length, 1);
  });

  it("a debit that is not the payout's amount changes nothing; an entry for an end-to-end id not ours is not a payout's", async () => {
    const { endToEndId } = await paidOut(2_000n);
    const wrong = await entryApplied({
      kind: "debit",
      endToEndId,
      amountMinor: 2_001n,
      currency: "EUR",
      bankEntryId: randomUUID(),
    });
    assert.deepEqual([wrong!.state, wrong!.changed], ["released", false]);
    assert.match(wrong!.problem ?? "", /20\.01/);
    assert.equal(
      await entryApplied({
        kind: "return",
        endToEndId: "NOTPROVIDED",
        amountMinor: 1n,
        currency: "EUR",
        bankEntryId: randomUUID(),
      }),
      undefined,
    );
  });

  describe("returning an unmatched credit to its sender", () => {
    async function unmatchedCredit(debtorIban: string | null): Promise<BankEntry> {
      const prisma = await db();
      const file = await prisma.bankFile.create({
        data: {
          direction: "inbound",
          message: "camt.054.001.08",
          messageId: `NTF-${randomUUID()}`,
          sha256: "0".repeat(64),
          size: 1,
          name: "camt054.xml",
          source: "upload",
          state: "imported",
          createdAt: new Date(),
        },
      });
      return prisma.bankEntry.create({
        data: {
          identity: `ref:${config.bank.account.iban}:${randomUUID()}`,
          fileId: file.id,
          side: "CRDT",
          status: "BOOK",
          amountMinor: 15_000n,
          currency: "EUR",
          iban: "DE00000000000000000000",
          debtorName: sealAtRest("Müller & Töchter GmbH", ENTRY_DEBTOR_NAME),
          debtorIban: debtorIban === null ? Prisma.DbNull : sealAtRest(debtorIban, ENTRY_DEBTOR_IBAN),
          remittance: sealAtRest("unknown reference", ENTRY_REMITTANCE),
          endToEndId: "E2E-FROM-SENDER-1",
          outcome: "unmatched",
          problem: "No IBAN of ours",
          createdAt: new Date(),
        },
      });
    }

    it("goes out as a payout to the debtor with the original reference; a rejection puts the credit back in the exceptions, once", async () => {
      const prisma = await db();
      const entry = await unmatchedCredit("DE89 3704 0044 0532 0130 00");
      const { payoutId } = await prisma.$transaction((tx) => instructReturn(tx, entry, { config, now: new Date() }));
      const payout = await prisma.payout.findUniqueOrThrow({ where: { id: payoutId } });
      assert.deepEqual(
        [
          payout.bankEntryId,
          payout.orderId,
          payout.endToEndId,
          payout.state,
          payout.amountMinor,
          payoutRemittance(payout),
        ],
        [entry.id, null, returnEndToEndId(entry.id), "released", 15_000n, "Return of E2E-FROM-SENDER-1"],
      );
      assert.deepEqual(payoutCounterpartOf(payout), {
        identifier: { standard: "iban", iban: "DE89370400440532013000" },
        details: { name: "Muller + Tochter GmbH" },
      });
      const returned = await prisma.bankEntry.findUniqueOrThrow({ where: { id: entry.id } });
      assert.deepEqual([returned.outcome, returned.payoutId], ["returned", payoutId]);
      await assert.rejects(
        prisma.$transaction((tx) => instructReturn(tx, returned, { config, now: new Date() })),
        (error: unknown) => error instanceof AppError && error.code === "CONFLICT",
      );

      const file = await prisma.bankFile.findUniqueOrThrow({ where: { id: payout.fileId! } });
      const report = statusReport(file.messageId, {
        payments: [{ endToEndId: payout.endToEndId, status: "RJCT", reason: "AC01" }],
      });
      for (let i = 0; i < 2; i++) await applied(report);
      const back = await prisma.bankEntry.findUniqueOrThrow({ where: { id: entry.id } });
      assert.equal(back.outcome, "unmatched");
      assert.match(back.problem ?? "", /rejected by the bank \(AC01\)/);
      assert.equal(await prisma.order.count({ where: { parentOrderId: entry.id } }), 0);
      // Back among the exceptions, it cannot go back to the sender a second time (its end-to-end id is taken).
      await assert.rejects(
        prisma.$transaction((tx) => instructReturn(tx, back, { config, now: new Date() })),
        (error: unknown) =>
          error instanceof AppError && error.code === "CONFLICT" && /assign it instead/.test(error.message),
      );
    });

    it("is refused without the debtor's IBAN", async () => {
      const prisma = await db();
      const entry = await unmatchedCredit(null);
      await assert.rejects(
        prisma.$transaction((tx) => instructReturn(tx, entry, { config, now: new Date() })),
        (error: unknown) => error instanceof AppError && error.code === "VALIDATION",
      );
      assert.equal(await prisma.payout.count({ where: { bankEntryId: entry.id } }), 0);
    });
  });
});
