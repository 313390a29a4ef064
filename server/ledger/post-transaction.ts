import type { Prisma } from "../generated/prisma/client.ts";
import { accountIds, type AccountRef } from "./accounts.ts";

/** A wallet or holds account would go below zero; nothing of the transaction was written. */
export class InsufficientFunds extends Error {
  override name = "InsufficientFunds";
  constructor(readonly account: AccountRef) {
    super(`insufficient funds in ${account.kind} ${account.chain}/${account.currency}`);
  }
}

export type LedgerKind = "mint" | "hold" | "burn" | "release";
export type Posting = { account: AccountRef; amountMinor: bigint };

/**
 * Posts one balanced transaction: immutable entries that sum to zero, and each account's balance moved in the same
 * database transaction. A wallet or holds account that would go below zero refuses the whole transaction
 * (`InsufficientFunds`): the conditional update re-reads the row under its lock, so concurrent holds on one wallet
 * can never overdraw it (C33); the database's own check constraint stands behind it. Accounts are updated in a fixed
 * order so two transactions on the same accounts cannot deadlock.
 */
export async function postLedgerTransaction(
  tx: Prisma.TransactionClient,
  options: { kind: LedgerKind; orderId?: string; at: Date; postings: Posting[] },
): Promise<void> {
  const { kind, orderId, at, postings } = options;
  const total = postings.reduce((sum, p) => sum + p.amountMinor, 0n);
  if (total !== 0n || postings.some((p) => p.amountMinor === 0n)) {
    throw new Error(`ledger ${kind} does not balance or has an empty posting`);
  }
  const ids = await accountIds(
    tx,
    postings.map((p) => p.account),
  );
  const moves = postings
    .map((p, i) => ({ ...p, accountId: ids[i]! }))
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
  for (const move of moves) {
    const mayGoNegative = move.account.kind === "issuance" || move.account.kind === "redemption";
    const { count } = await tx.ledgerAccount.updateMany({
      where: {
        id: move.accountId,
        ...(mayGoNegative || move.amountMinor > 0n ? {} : { balanceMinor: { gte: -move.amountMinor } }),
      },
      data: { balanceMinor: { increment: move.amountMinor } },
    });
    if (count !== 1) throw new InsufficientFunds(move.account);
  }
  await tx.ledgerTransaction.create({
    data: {
      kind,
      orderId,
      createdAt: at,
      // One statement for all entries: the database checks per statement that they net to zero.
      entries: { createMany: { data: moves.map((m) => ({ accountId: m.accountId, amountMinor: m.amountMinor })) } },
    },
  });
}
