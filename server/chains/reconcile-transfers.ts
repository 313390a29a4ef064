import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { accountBalance, type AccountRef } from "../ledger/accounts.ts";
import { lockLedgerAccounts } from "../ledger/lock-order.ts";
import { ledgerPostCall, type Posting } from "../ledger/post-transaction.ts";
import { logger } from "../logging/logger.ts";
import { tokenUnitsToMinor } from "../money/amount.ts";
import { currentIndex } from "../screening/current-index.ts";
import type { ScreeningIndex } from "../screening/match/screening-index.ts";
import { addressHits, openAddressCases } from "../screening/screen-address.ts";
import { chainGateway } from "./configured-gateway.ts";
import type { TokenTransfer } from "./gateway.ts";
import { chainsOf, CURRENCIES, tokenContract, type ChainInfo, type Currency } from "./registry.ts";

const ZERO = "0x0000000000000000000000000000000000000000";
/** Reads (pages) one run takes per chain and token before it leaves the rest to the next run. */
const PAGES_PER_RUN = 20;

/**
 * Reconciles tokens moved by plain on-chain transfers into the ledger, so that what arrives at a linked address by
 * an ERC-20 `transfer` can be redeemed there. For every token on every chain the instance reaches, the token's
 * `Transfer` events are read from a stored cursor on (through the chain gateway, a bounded range at a time); the
 * service's own mints and burns (from or to the zero address or the issuer, or a transaction of the chain queue) are
 * skipped, as they are in the ledger already. A transfer touching a linked address posts one ledger `transfer`:
 * the receiver's wallet is credited, the sender's wallet debited, and an address linked to no profile stands in the
 * chain's `external` account; the invariant C34 then reads minted − burned = wallets + holds + external. The sender
 * of every transfer to a linked address is screened against the lists' addresses (C64): a listed sender opens a case
 * against the receiving profile, once per transfer; it holds nothing, the tokens being on chain already.
 *
 * Safe with any number of instances: each transfer is recorded once per (chain, transaction hash, log index) by a
 * unique constraint, in the database transaction that posts its ledger movement and advances the cursor with a
 * compare-and-set; of two instances that read the same range, one commits it and the other's transaction rolls back.
 */
export async function reconcileTransfers(options: {
  config: Config;
  clock?: Clock;
  /** Only this chain (and currency): what a sandbox transfer reconciles at once. */
  only?: { chain: string; currency?: Currency };
}): Promise<{ credited: number }> {
  const { config, only } = options;
  let credited = 0;
  for (const chain of chainsOf(config.environment)) {
    if (chain.family !== "evm" || (only && only.chain !== chain.name)) continue;
    if (config.chainGateway.kind === "evm" && !config.chainGateway.chains[chain.name]) continue;
    for (const { currency } of CURRENCIES) {
      if (only?.currency && only.currency !== currency) continue;
      credited += await reconcileToken({ ...options, chain, currency });
    }
  }
  return { credited };
}

async function reconcileToken(options: {
  config: Config;
  clock?: Clock;
  chain: ChainInfo;
  currency: Currency;
}): Promise<number> {
  const { config, chain, currency, clock = serverClock } = options;
  const gateway = chainGateway(config);
  const issuer = gateway.transactions.sender.toLowerCase();
  const prisma = await db();
  let posted = 0;
  for (let page = 0; page < PAGES_PER_RUN; page++) {
    const cursor = await prisma.chainTransferCursor.findUnique({
      where: { chain_currency: { chain: chain.name, currency } },
    });
    const position = cursor?.position ?? 0n;
    const read = await gateway.transfers(chain, currency, position);
    if (read.next === position && read.transfers.length === 0) return posted;
    const now = clock();
    const index = await currentIndex(config.environment);
    const outcome = await prisma.$transaction(async (tx) => {
      if (
        !(await advance(tx, { chain: chain.name, currency, from: cursor ? position : undefined, to: read.next, now }))
      )
        return undefined;
      const own = await ownTransactions(tx, read.transfers);
      const foreign = read.transfers.filter(
        (t) =>
          ![t.from.toLowerCase(), t.to.toLowerCase()].some((a) => a === ZERO || a === issuer) &&
          !own.has(t.txHash.toLowerCase()),
      );
      // The range posts once per transfer: every account it may move is locked first (lock-order.ts, step 4).
      await lockTransferAccounts(tx, { chain: chain.name, currency, transfers: foreign });
      let count = 0;
      for (const transfer of foreign) {
        if (await recordTransfer(tx, { chain, currency, transfer, now, index })) count++;
      }
      return count;
    });
    // Another instance recorded this range meanwhile: read on from where it left the cursor.
    if (outcome === undefined) continue;
    posted += outcome;
  }
  return posted;
}

/** Moves the cursor from `from` (undefined: no cursor yet) to `to`; false when another instance moved it first. */
async function advance(
  tx: Prisma.TransactionClient,
  c: { chain: string; currency: string; from: bigint | undefined; to: bigint; now: Date },
): Promise<boolean> {
  if (c.from === undefined) {
    const inserted = await tx.$executeRaw`
      INSERT INTO "ChainTransferCursor" ("chain", "currency", "position", "updatedAt")
      VALUES (${c.chain}, ${c.currency}, ${c.to}, ${c.now}) ON CONFLICT DO NOTHING`;
    return inserted === 1;
  }
  const { count } = await tx.chainTransferCursor.updateMany({
    where: { chain: c.chain, currency: c.currency, position: c.from },
    data: { position: c.to, updatedAt: c.now },
  });
  return count === 1;
}

/** The wallets of linked addresses among these transfers' senders and receivers, and the chain's external account. */
async function lockTransferAccounts(
  tx: Prisma.TransactionClient,
  t: { chain: string; currency: Currency; transfers: TokenTransfer[] },
): Promise<void> {
  if (t.transfers.length === 0) return;
  const keys = [
    ...new Set(t.transfers.flatMap((transfer) => [transfer.from, transfer.to]).map((a) => a.toLowerCase())),
  ];
  const linked = await tx.address.findMany({
    where: { chain: t.chain, addressKey: { in: keys } },
    select: { addressKey: true, profileId: true },
  });
  await lockLedgerAccounts(tx, [
    ...linked.map((a): AccountRef => ({ kind: "wallet", chain: t.chain, currency: t.currency, ...a })),
    { kind: "external", chain: t.chain, currency: t.currency },
  ]);
}

/** The transactions among these that the chain queue sent (mints and burns of orders, in the ledger already). */
async function ownTransactions(tx: Prisma.TransactionClient, transfers: TokenTransfer[]): Promise<Set<string>> {
  if (transfers.length === 0) return new Set();
  const rows = await tx.chainTransaction.findMany({
    where: { txHash: { in: transfers.map((t) => t.txHash.toLowerCase()) } },
    select: { txHash: true },
  });
  return new Set(rows.map((r) => r.txHash ?? ""));
}

/**
 * Records one transfer (once: a log seen again is skipped) and posts its ledger movement when it touches a linked
 * address. The sender's wallet gives what it has free; what it lacks (tokens the ledger never saw arrive, or held
 * for an order) is taken from `external` and logged, so the ledger stays balanced and no wallet goes below zero.
 * True when a movement was posted.
 */
async function recordTransfer(
  tx: Prisma.TransactionClient,
  t: { chain: ChainInfo; currency: Currency; transfer: TokenTransfer; now: Date; index: ScreeningIndex },
): Promise<boolean> {
  const { chain, currency, transfer, now } = t;
  const from = transfer.from.toLowerCase();
  const to = transfer.to.toLowerCase();
  const id = crypto.randomUUID();
  const inserted = await tx.$executeRaw`
    INSERT INTO "ChainTransfer"
      ("id", "chain", "currency", "txHash", "logIndex", "fromKey", "toKey", "units", "position", "createdAt")
    VALUES (${id}::uuid, ${chain.name}, ${currency}, ${transfer.txHash.toLowerCase()}, ${transfer.logIndex}, ${from},
      ${to}, ${transfer.units.toString()}::numeric, ${transfer.position}, ${now})
    ON CONFLICT ("chain", "txHash", "logIndex") DO NOTHING`;
  if (inserted !== 1) return false;
  const minor = tokenUnitsToMinor(transfer.units, tokenContract(chain, currency).decimals);
  if (minor <= 0n || from === to) return false;
  const linked = await tx.address.findMany({
    where: { chain: chain.name, addressKey: { in: [from, to] } },
    select: { addressKey: true, profileId: true },
  });
  const walletOf = (key: string): AccountRef | undefined => {
    const found = linked.find((a) => a.addressKey === key);
    return found && { kind: "wallet", chain: chain.name, currency, addressKey: key, profileId: found.profileId };
  };
  const sender = walletOf(from);
  const receiver = walletOf(to);
  if (!sender && !receiver) return false;
  const receiving = linked.find((a) => a.addressKey === to);
  if (receiving) await screenSender(tx, { ...t, profileId: receiving.profileId });
  const external: AccountRef = { kind: "external", chain: chain.name, currency };
  let externalMinor = 0n;
  const postings: Posting[] = [];
  if (receiver) postings.push({ account: receiver, amountMinor: minor });
  else externalMinor += minor;
  if (sender) {
    const free = await accountBalance(tx, sender);
    const given = free < minor ? (free > 0n ? free : 0n) : minor;
    if (given > 0n) postings.push({ account: sender, amountMinor: -given });
    externalMinor -= minor - given;
    if (given < minor) {
      logger().warn(
        { chain: chain.name, currency, txHash: transfer.txHash, from, missingMinor: String(minor - given) },
        "a transfer took more from a linked address than its free ledger balance",
      );
    }
  } else externalMinor -= minor;
  if (externalMinor !== 0n) postings.push({ account: external, amountMinor: externalMinor });
  if (postings.length < 2) return false;
  const [posted] = await tx.$queryRaw<{ id: string }[]>`
    SELECT ${ledgerPostCall({ kind: "transfer", at: now, postings })}::text AS id`;
  await tx.chainTransfer.update({ where: { id }, data: { ledgerTxId: posted?.id ?? null } });
  return true;
}

/** A listed sender opens a case against the receiving profile; the transfer (chain, hash, log) is what it is about. */
async function screenSender(
  tx: Prisma.TransactionClient,
  t: { chain: ChainInfo; transfer: TokenTransfer; now: Date; index: ScreeningIndex; profileId: string },
): Promise<void> {
  const hits = addressHits(t.index, t.transfer.from);
  if (hits.length === 0) return;
  const holdsId = `${t.chain.name}:${t.transfer.txHash.toLowerCase()}:${t.transfer.logIndex}`;
  await openAddressCases(tx, {
    profileId: t.profileId,
    address: t.transfer.from,
    hits,
    hold: { holds: "", holdsId },
    now: t.now,
  });
}

/**
 * How often every instance reads the chains for new transfers: every few seconds on real chains (a block or two);
 * rarely on the sandbox chain, whose transfers are reconciled by the request that makes them (this pass only
 * catches one interrupted in between), so the embedded database is not kept busy for nothing.
 */
export function reconcileIntervalMs(config: Config): number {
  return config.chainGateway.kind === "evm" ? 3_000 : 30_000;
}
