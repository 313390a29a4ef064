import type { Prisma } from "../generated/prisma/client.ts";
import type { AccountRef } from "./accounts.ts";
import { accountRows } from "./post-transaction.ts";

/**
 * The money path's one global lock order (C74). Every transaction that places, claims, settles or rejects an order,
 * or posts to the ledger, takes its locks in these steps, and never one of an earlier step once it holds one of a
 * later step, so no two of them can wait for each other in a circle (PostgreSQL's `deadlock detected`, 40P01):
 *
 * 1. Keys a request claims: an order's id, Idempotency-Key and signed message, as transaction-level advisory locks
 *    (`lockKeys`), before anything is read or written. A request whose key is in flight waits here holding nothing,
 *    then finds what the first one left (the same order, or the same refusal).
 * 2. The chain queue's rows and the simulated chain's balances, which only the queue's driver moves (one at a time
 *    per sender and chain, under its session-level advisory lock): nothing waits for them holding steps 3 and 4.
 * 3. Order rows, in id order: the order claimed, settled or rejected, or inserted (placing one).
 * 4. Ledger accounts: every account the transaction will move, the missing ones opened and all of them locked in id
 *    order by one call (`lockLedgerAccounts`, the database's `ledger_lock`) before any of them moves. `ledger_post`
 *    makes that call for its own postings; a transaction that posts more than once (a batch of settlements, a range
 *    of chain transfers) makes it first, with the accounts of all its postings.
 * 5. Rows no one else can reach yet: ledger entries, events, payouts, payment files, a dependent order.
 *
 * One statement is no order: PostgreSQL runs the parts of one statement (a CTE's sub-statements) in no guaranteed
 * order, so a transaction whose steps matter issues them as separate statements, in this order.
 */

/** Step 1: the keys as transaction-level advisory locks, each once, in ascending order of their hash. */
export async function lockKeys(tx: Prisma.TransactionClient, keys: readonly (string | null | undefined)[]) {
  const present = keys.filter((key): key is string => typeof key === "string");
  if (present.length === 0) return;
  await tx.$queryRaw`SELECT "lock_keys"(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(present)}::jsonb)))::text`;
}

/**
 * Step 4 for a transaction that posts to the ledger more than once: every account of all its postings opened and
 * locked, in id order, before the first. Its later postings find them held by itself.
 */
export async function lockLedgerAccounts(tx: Prisma.TransactionClient, accounts: readonly AccountRef[]) {
  if (accounts.length === 0) return;
  await tx.$queryRaw`SELECT "ledger_lock"(${JSON.stringify(accountRows(accounts))}::jsonb) AS "locked"`;
}
