import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, describe, it } from "node:test";
import pg from "pg";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { registerApplication } from "../applications/register-application.ts";
import { getConfig } from "../config.ts";
import { closeDb, db } from "../db/client.ts";
import { isAppError } from "../errors.ts";
import { ledgerReport } from "../ledger/ledger-report.ts";
import { formatAmount } from "../money/amount.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import type { Caller } from "../oauth/caller.ts";
import { issueClientCredentialsToken } from "../oauth/issue-client-credentials-token.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { driveChainTransactions } from "./chain-settlement.ts";
import { orderMessage } from "./order-message.ts";
import { placeOrderSchema } from "./order.schemas.ts";
import { placeOrder } from "./place-order.ts";
import { receiveIncomingPayment } from "./receive-payment.ts";
import { stopSignatureWorkers } from "./signature-worker.ts";
import { processOrder, rejectOrder } from "./settle-order.ts";
import { mulberry32 } from "../testing/seeded-random.ts";

// C74 on a real PostgreSQL: the money path's transactions side by side on two shared wallets for a while — payments
// minted through the chain queue, redeem orders each sent three times at once under one Idempotency-Key, orders
// processed (burned, paid out) and rejected (released). No transaction may deadlock (PostgreSQL's own count), no call
// may fail otherwise than a client is told (an amount beyond the balance, an order settled meanwhile), the copies of
// one request get one answer, and the ledger stays whole (C33, C34). PGlite serves one connection at a time and cannot
// deadlock: this file runs on PostgreSQL only (C33's own tests run on both).

const POSTGRES = process.env.DATABASE_URL;
if (POSTGRES) await setUpTestInstance("money_path_load");
// The EOA signatures are checked on worker threads, which would keep this file's process alive.
after(stopSignatureWorkers);

const PAYEE = {
  identifier: { standard: "iban", iban: "GR1601101250000000012300695" },
  details: { name: "Payee" },
} as const;
const CUSTOMERS = 2;
/** How long the load runs, then what it left open is processed and checked. */
const LOAD_MS = Number(process.env.LOAD_MS ?? 15_000);
/** Copies of one redeem request sent at once under one Idempotency-Key. */
const COPIES = 3;

/** mulberry32: a small seeded generator, so the amounts of a failing run can be replayed from its seed. */
function random(seed: number) {
  return mulberry32(seed);
}

type Customer = { caller: Caller; account: PrivateKeyAccount; iban: string; profileId: string; signed: number };

/** An application's approved profile with an EOA address on sepolia and an IBAN minting to it. */
async function customer(): Promise<Customer> {
  const prisma = await db();
  const stamp = randomBytes(4).toString("hex");
  const owner = await prisma.user.create({ data: { email: `load-${stamp}@example.com` } });
  const profile = await prisma.profile.create({
    data: { kind: "corporate", name: `Load ${stamp}`, state: "approved" },
  });
  const app = await registerApplication({
    name: `Load ${stamp}`,
    environment: "sandbox",
    profileId: profile.id,
    ownerId: owner.id,
    redirectUris: [],
  });
  const issued = await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret });
  const account = privateKeyToAccount(`0x${randomBytes(32).toString("hex")}`);
  const addressKey = account.address.toLowerCase();
  await prisma.address.create({
    data: { profileId: profile.id, address: account.address, addressKey, chain: "sepolia", linkedAt: new Date() },
  });
  const iban = `DE${randomBytes(8).readBigUInt64BE().toString().padStart(20, "0").slice(0, 20)}`;
  await prisma.iban.create({
    data: {
      profileId: profile.id,
      iban,
      bic: "TKRLDER0",
      address: account.address,
      addressKey,
      chain: "sepolia",
      state: "approved",
      requestedAt: new Date(),
      provisionedAt: new Date(),
    },
  });
  const caller = await authenticateBearer(`Bearer ${issued.access_token}`);
  return { caller, account, iban, profileId: profile.id, signed: 0 };
}

/** Deadlocks PostgreSQL detected in the test's database so far (counted by the victim's backend). */
async function deadlocks(): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT deadlocks::text AS n FROM pg_stat_database WHERE datname = current_database()",
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

describe("C74: the money path under a mixed concurrent load", { skip: !POSTGRES && "PostgreSQL only" }, () => {
  it("C74, C33: payments, redeems sent thrice under one Idempotency-Key, processing and rejections at once: no deadlock, no 5xx, one order per key, the ledger whole", async () => {
    const config = getConfig();
    const seed = Number(process.env.LOAD_SEED ?? Date.now() % 1_000_000);
    const next = random(seed);
    const cents = (from: number, to: number) => BigInt(from + Math.floor(next() * (to - from)));
    const customers = [await customer(), await customer()].slice(0, CUSTOMERS);
    const deadlocksBefore = await deadlocks();
    /** What no client may see: an error that is not one of the answers the API gives, i.e. a 500. */
    const failures: string[] = [];
    const expected = (what: string, codes: string[]) => (error: unknown) => {
      if (!isAppError(error) || !codes.includes(error.code)) {
        failures.push(`${what}: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`);
      }
      return undefined;
    };

    const pay = (c: Customer, amountMinor: bigint) =>
      receiveIncomingPayment({
        payment: {
          iban: c.iban,
          amountMinor,
          currency: "eur",
          debtor: { name: "Load Payer" },
          bankReference: `load-${randomBytes(8).toString("hex")}`,
        },
        config,
      }).catch(expected("payment", []));
    for (const c of customers) await pay(c, 50_000n);

    /** One redeem request (its own signed message), sent `COPIES` times at once under one Idempotency-Key. */
    const redeem = async (c: Customer, amountMinor: bigint): Promise<string | undefined> => {
      // A message names its second: each of a customer's orders is signed a second before the one before.
      const at = new Date(Math.floor(Date.now() / 1000) * 1000 - ++c.signed * 1000);
      const amount = formatAmount(amountMinor);
      const message = orderMessage({ currency: "eur", amountText: amount, counterpart: PAYEE.identifier, at });
      const request = placeOrderSchema.parse({
        kind: "redeem",
        address: c.account.address,
        chain: "sepolia",
        currency: "eur",
        amount,
        counterpart: PAYEE,
        message,
        signature: await c.account.signMessage({ message }),
      });
      const idempotencyKey = `load-${randomBytes(8).toString("hex")}`;
      const answers = await Promise.all(
        Array.from({ length: COPIES }, () =>
          placeOrder({ caller: c.caller, request, idempotencyKey, config }).then(
            (outcome) => outcome.order.id,
            (error: unknown) =>
              isAppError(error) ? `${error.code} ${JSON.stringify(error.fields)}` : expected("redeem", [])(error),
          ),
        ),
      );
      // Every copy that is placed gets the one order of its key; the others are refusals the caller can read (the
      // amount beyond the balance). A refusal is not kept under the key: a copy that waited behind a refused one is
      // judged afresh, and is placed if a payment came in meanwhile.
      const orders = new Set(answers.filter((answer) => answer !== undefined && !answer.includes(" ")));
      const refusals = answers.filter((answer) => answer === undefined || answer.includes(" "));
      if (orders.size > 1 || refusals.some((answer) => !answer?.startsWith("VALIDATION ")))
        failures.push(`redeem ${idempotencyKey}: the copies answered ${answers.join(" | ")}`);
      const [id] = orders;
      return id;
    };

    const placed: string[] = [];
    const until = Date.now() + LOAD_MS;
    const running = () => Date.now() < until;
    const placer = async (c: Customer) => {
      while (running()) {
        const id = await redeem(c, cents(100, 3_000));
        if (id) placed.push(id);
      }
    };
    const settler = async (n: number) => {
      for (let i = 0; running() || placed.length > 0; i++) {
        const id = placed.shift();
        if (!id) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        await (i % 3 === n
          ? rejectOrder({ orderId: id, reason: "load", config }).catch(expected("reject", ["CONFLICT"]))
          : processOrder({ orderId: id, config }).catch(expected("process", ["CONFLICT"])));
      }
    };
    const payer = async (c: Customer) => {
      while (running()) await pay(c, cents(100, 2_000));
    };
    await Promise.all([
      ...customers.flatMap((c) => [placer(c), placer(c), payer(c)]),
      ...[0, 1, 2].map((n) => settler(n)),
    ]);
    await driveChainTransactions(config);

    const prisma = await db();
    const orders = await prisma.order.groupBy({ by: ["kind", "state"], _count: true });
    const context = `seed ${seed}; orders ${JSON.stringify(orders.map((o) => `${o.kind} ${o.state}: ${o._count}`))}`;
    assert.deepEqual(failures, [], context);
    const report = await ledgerReport();
    assert.deepEqual([report.unbalancedTransactions, report.driftingAccounts], [[], []], context);
    for (const t of report.totals) {
      assert.equal(t.mintedMinor - t.burnedMinor, t.walletsMinor + t.holdsMinor + t.externalMinor, context);
    }
    const negative = await prisma.ledgerAccount.count({
      where: { kind: { in: ["wallet", "holds"] }, balanceMinor: { lt: 0n } },
    });
    assert.equal(negative, 0, `${context}: a wallet or holds account went below zero`);
    // Each wallet holds exactly its redeem orders neither burned nor rejected: none is held twice, none lost.
    for (const c of customers) {
      const open = await prisma.order.aggregate({
        where: {
          profileId: c.profileId,
          kind: "redeem",
          state: { in: ["placed", "pending"] },
          txHashes: { isEmpty: true },
        },
        _sum: { amountMinor: true },
      });
      const holds = await prisma.ledgerAccount.findFirst({
        where: { kind: "holds", addressKey: c.account.address.toLowerCase() },
        select: { balanceMinor: true },
      });
      assert.equal(holds?.balanceMinor ?? 0n, open._sum.amountMinor ?? 0n, `${context}: holds of ${c.account.address}`);
    }
    // Also the deadlocks no client saw (a batch of settlements broken off and settled again one by one): the pool's
    // connections are closed so that their backends report what they counted.
    await closeDb();
    let counted = await deadlocks();
    for (let i = 0; i < 10 && counted === deadlocksBefore; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      counted = await deadlocks();
    }
    assert.equal(counted - deadlocksBefore, 0, `${context}: PostgreSQL detected deadlocks`);
  });
});
