import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { db } from "../db/client.ts";
import { accountBalance } from "./accounts.ts";
import { ledgerReport } from "./ledger-report.ts";
import { recordBurn, recordHold, recordMint, recordRelease, type WalletRef } from "./movements.ts";
import { InsufficientFunds } from "./post-transaction.ts";
import { mulberry32 } from "../testing/seeded-random.ts";

await setUpTestInstance("ledger");

const at = new Date("2026-11-23T10:00:00Z");
const profileId = randomUUID();
const walletOf = (n: number, chain = "sepolia", currency = "eur"): WalletRef => ({
  chain,
  currency,
  addressKey: `0x${n.toString(16).padStart(40, "0")}`,
  profileId,
});

/** mulberry32: a small seeded generator, so a failing sequence can be replayed from its seed. */
function random(seed: number) {
  return mulberry32(seed);
}

async function assertConsistent(context: string) {
  const report = await ledgerReport();
  assert.deepEqual(report.unbalancedTransactions, [], context);
  assert.deepEqual(report.driftingAccounts, [], context);
  for (const t of report.totals) {
    assert.equal(
      t.mintedMinor - t.burnedMinor,
      t.walletsMinor + t.holdsMinor + t.externalMinor,
      `${context}: ${t.chain}/${t.currency}`,
    );
  }
  const prisma = await db();
  const negative = await prisma.ledgerAccount.count({
    where: { kind: { in: ["wallet", "holds"] }, balanceMinor: { lt: 0n } },
  });
  assert.equal(negative, 0, `${context}: a wallet or holds account went negative`);
  assert.equal(report.consistent, true, context);
}

describe("the ledger", () => {
  it("C34: minted − burned = sum of balances, every transaction nets to zero, after every step of a random sequence", async () => {
    const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 1_000_000);
    const next = random(seed);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
    const wallets = [walletOf(1), walletOf(2), walletOf(3, "amoy"), walletOf(4, "sepolia", "usd")];
    const held: { wallet: WalletRef; amountMinor: bigint; orderId: string }[] = [];
    const prisma = await db();
    for (let step = 0; step < 80; step++) {
      const op = pick(["mint", "hold", "hold", "settle", "concurrent"] as const);
      const context = `seed ${seed}, step ${step} (${op})`;
      if (op === "mint") {
        const wallet = pick(wallets);
        const amountMinor = BigInt(1 + Math.floor(next() * 50_000));
        await prisma.$transaction((tx) => recordMint(tx, { wallet, amountMinor, orderId: randomUUID(), at }));
      } else if (op === "hold") {
        const wallet = pick(wallets);
        const before = await accountBalance(prisma, { kind: "wallet", ...wallet });
        const amountMinor = BigInt(1 + Math.floor(next() * 30_000));
        const orderId = randomUUID();
        const outcome = await prisma
          .$transaction((tx) => recordHold(tx, { wallet, amountMinor, orderId, at }))
          .then(() => "held" as const)
          .catch((error: unknown) => {
            assert.ok(error instanceof InsufficientFunds, `${context}: ${String(error)}`);
            return "refused" as const;
          });
        assert.equal(outcome, amountMinor <= before ? "held" : "refused", context);
        if (outcome === "held") held.push({ wallet, amountMinor, orderId });
      } else if (op === "settle" && held.length > 0) {
        const order = held.splice(Math.floor(next() * held.length), 1)[0]!;
        const settle = next() < 0.5 ? recordBurn : recordRelease;
        await prisma.$transaction((tx) => settle(tx, { ...order, at }));
      } else if (op === "concurrent") {
        const wallet = pick(wallets);
        const free = await accountBalance(prisma, { kind: "wallet", ...wallet });
        const amountMinor = free / 3n + 1n;
        const results = await Promise.allSettled(
          Array.from({ length: 5 }, () =>
            prisma.$transaction((tx) => recordHold(tx, { wallet, amountMinor, orderId: randomUUID(), at })),
          ),
        );
        // Only as many holds as fit: at most two of a third-plus-one each.
        const fitted = results.filter((r) => r.status === "fulfilled").length;
        assert.ok(fitted <= Math.min(5, Number(free / amountMinor)), `${context}: ${fitted} holds fitted`);
        for (const r of results) {
          if (r.status === "rejected")
            assert.ok(r.reason instanceof InsufficientFunds, `${context}: ${String(r.reason)}`);
        }
      }
      await assertConsistent(context);
    }
  });

  it("C33: holds racing on a wallet whose holds account opens meanwhile never deadlock; only those that fit succeed", async () => {
    // Each round: a fresh wallet with funds and no holds account yet, then holds at once. The first to arrive opens
    // the holds account; others that looked before it committed and others that look after must still take the
    // accounts in one order, or two of them wait on each other until the database gives one up.
    const prisma = await db();
    for (let round = 0; round < 12; round++) {
      const wallet = walletOf(1_000 + round, "gnosis");
      await prisma.$transaction((tx) => recordMint(tx, { wallet, amountMinor: 1_000n, orderId: randomUUID(), at }));
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, () =>
          prisma.$transaction((tx) => recordHold(tx, { wallet, amountMinor: 300n, orderId: randomUUID(), at })),
        ),
      );
      for (const r of results) {
        if (r.status === "rejected")
          assert.ok(r.reason instanceof InsufficientFunds, `round ${round}: ${String(r.reason)}`);
      }
      assert.equal(results.filter((r) => r.status === "fulfilled").length, 3, `round ${round}: holds that fit`);
      assert.equal(await accountBalance(prisma, { kind: "wallet", ...wallet }), 100n, `round ${round}`);
    }
    await assertConsistent("after racing holds");
  });

  it("C34: entries and transactions are never updated or deleted in place", async () => {
    const prisma = await db();
    await prisma.$transaction((tx) =>
      recordMint(tx, { wallet: walletOf(9), amountMinor: 500n, orderId: randomUUID(), at }),
    );
    const entry = await prisma.ledgerEntry.findFirstOrThrow({ orderBy: { id: "desc" } });
    await assert.rejects(
      prisma.ledgerEntry.update({ where: { id: entry.id }, data: { amountMinor: 1n } }),
      /append-only/,
    );
    await assert.rejects(prisma.ledgerEntry.delete({ where: { id: entry.id } }), /append-only/);
    await assert.rejects(
      prisma.ledgerTransaction.update({ where: { id: entry.transactionId }, data: { kind: "burn" } }),
      /append-only/,
    );
    await assertConsistent("after refused edits");
  });

  it("the database refuses a transaction that does not net to zero and a wallet below zero, whatever the code does", async () => {
    const prisma = await db();
    const account = await prisma.ledgerAccount.findFirstOrThrow({ where: { kind: "wallet" } });
    await assert.rejects(
      prisma.$transaction((tx) =>
        tx.ledgerTransaction.create({
          data: { kind: "mint", createdAt: at, entries: { create: [{ accountId: account.id, amountMinor: 7n }] } },
        }),
      ),
      /does not balance/,
    );
    await assert.rejects(
      prisma.ledgerAccount.update({ where: { id: account.id }, data: { balanceMinor: -1n } }),
      /not_overdrawn/,
    );
    await assertConsistent("after refused writes");
  });
});
