import { Prisma } from "../generated/prisma/client.ts";
import type { AccountRef } from "./accounts.ts";
import { inSpan } from "../telemetry/tracing.ts";

/** A wallet or holds account would go below zero; nothing of the transaction was written. */
export class InsufficientFunds extends Error {
  override name = "InsufficientFunds";
  constructor(readonly account: Pick<AccountRef, "kind" | "chain" | "currency">) {
    super(`insufficient funds in ${account.kind} ${account.chain}/${account.currency}`);
  }
}

export type LedgerKind = "mint" | "hold" | "burn" | "release" | "transfer";
export type Posting = { account: AccountRef; amountMinor: bigint };

/** The SQLSTATE `ledger_post` raises for insufficient funds (prisma/migrations/*_ledger_post_function). */
const INSUFFICIENT_FUNDS = "TR001";
const SHORT = /^insufficient funds in (wallet|holds) ([^/\s]+)\/(\S+)$/;

/**
 * The call that posts one balanced transaction: the database function `ledger_post`, one round trip. It opens
 * missing accounts and locks them in id order (`ledger_lock`, step 4 of the lock order in `lock-order.ts`), refuses the
 * whole transaction when a wallet or holds account would go below zero, moves the balances and writes immutable
 * entries that sum to zero. Under the lock the balance read is the latest committed one, so concurrent holds on one
 * wallet can never overdraw it (C33); the database's own check constraint stands behind it. An expression yielding
 * the transaction's id, usable alone or inside a larger statement (placing an order posts its hold in the statement
 * that then records its event).
 */
export function ledgerPostCall(options: {
  kind: LedgerKind;
  orderId?: string;
  at: Date;
  postings: Posting[];
}): Prisma.Sql {
  const { kind, orderId, at, postings } = options;
  const rows = postingRows(kind, postings);
  return Prisma.sql`"ledger_post"(${kind}, ${orderId ?? null}::uuid, ${at}::timestamptz, ${JSON.stringify(rows)}::jsonb)`;
}

/** The postings as `ledger_post` takes them (its jsonb argument); throws unless they balance, none of them empty. */
export function postingRows(kind: LedgerKind, postings: Posting[]) {
  const total = postings.reduce((sum, p) => sum + p.amountMinor, 0n);
  if (total !== 0n || postings.some((p) => p.amountMinor === 0n)) {
    throw new Error(`ledger ${kind} does not balance or has an empty posting`);
  }
  const rows = accountRows(postings.map((p) => p.account));
  return rows.map((row, i) => ({ ...row, amountMinor: postings[i]!.amountMinor.toString() }));
}

/** Accounts as the database's ledger functions name them (`addressKey` "" and `profileId` null for a chain's own). */
export function accountRows(accounts: readonly AccountRef[]) {
  return accounts.map((account) => ({
    kind: account.kind,
    chain: account.chain,
    currency: account.currency,
    addressKey: "addressKey" in account ? account.addressKey : "",
    profileId: "profileId" in account ? account.profileId : null,
  }));
}

/**
 * Posts one balanced transaction (see `ledgerPostCall`) within `tx`; `InsufficientFunds` when a wallet or holds
 * account would go below zero, with nothing of it written.
 */
export async function postLedgerTransaction(
  tx: Prisma.TransactionClient,
  options: { kind: LedgerKind; orderId?: string; at: Date; postings: Posting[] },
): Promise<void> {
  const attributes = {
    "tokenrail.ledger.kind": options.kind,
    ...(options.orderId ? { "tokenrail.order_id": options.orderId } : {}),
  };
  return inSpan(`ledger post ${options.kind}`, { attributes }, async () => {
    try {
      await tx.$queryRaw`SELECT ${ledgerPostCall(options)}::text AS "transactionId"`;
    } catch (error) {
      throw insufficientFunds(error) ?? error;
    }
  });
}

/** The `InsufficientFunds` a database error stands for, if it is `ledger_post`'s refusal. */
export function insufficientFunds(error: unknown): InsufficientFunds | undefined {
  const cause = rawQueryFailure(error);
  if (cause?.code !== INSUFFICIENT_FUNDS) return undefined;
  const [, kind, chain = "", currency = ""] = SHORT.exec(cause.message) ?? [];
  return kind === "wallet" || kind === "holds" ? new InsufficientFunds({ kind, chain, currency }) : undefined;
}

/** The SQLSTATE and message of a raw query's database error (Prisma reports them as P2010 through the adapter). */
export function rawQueryFailure(error: unknown): { code: string; message: string } | undefined {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2010") return undefined;
  const cause = (error.meta?.driverAdapterError as { cause?: { originalCode?: unknown; originalMessage?: unknown } })
    ?.cause;
  if (typeof cause?.originalCode !== "string") return undefined;
  return { code: cause.originalCode, message: typeof cause.originalMessage === "string" ? cause.originalMessage : "" };
}
