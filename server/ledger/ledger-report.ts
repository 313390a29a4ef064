import { db } from "../db/client.ts";

export type LedgerReport = {
  /** Per chain and currency: minted, burned, and what wallets, holds and addresses linked to no profile add up to. */
  totals: {
    chain: string;
    currency: string;
    mintedMinor: bigint;
    burnedMinor: bigint;
    walletsMinor: bigint;
    holdsMinor: bigint;
    externalMinor: bigint;
  }[];
  /** Transactions whose entries do not sum to zero (always empty unless the database was tampered with). */
  unbalancedTransactions: string[];
  /** Accounts whose stored balance differs from the sum of their entries. */
  driftingAccounts: string[];
  /** Every invariant of C34 holds. */
  consistent: boolean;
};

/**
 * The ledger checked against its own invariants (C34): for each chain and currency, minted − burned equals the sum
 * of wallet, holds and external balances (tokens exist somewhere: at a linked address, set aside for an order, or at
 * an address linked to no profile after a plain transfer); every transaction nets to zero; every stored balance
 * equals its entries' sum.
 */
export async function ledgerReport(): Promise<LedgerReport> {
  const prisma = await db();
  const sums = await prisma.$queryRaw<{ chain: string; currency: string; kind: string; total: bigint }[]>`
    SELECT chain, currency, kind::text AS kind, SUM("balanceMinor")::bigint AS total
    FROM "LedgerAccount" GROUP BY chain, currency, kind ORDER BY chain, currency, kind`;
  const unbalanced = await prisma.$queryRaw<{ id: string }[]>`
    SELECT "transactionId"::text AS id FROM "LedgerEntry" GROUP BY "transactionId" HAVING SUM("amountMinor") <> 0`;
  const drifting = await prisma.$queryRaw<{ id: string }[]>`
    SELECT a.id::text AS id FROM "LedgerAccount" a
    LEFT JOIN (SELECT "accountId", SUM("amountMinor") AS total FROM "LedgerEntry" GROUP BY "accountId") e
      ON e."accountId" = a.id
    WHERE a."balanceMinor" <> COALESCE(e.total, 0)`;
  const byPair = new Map<string, LedgerReport["totals"][number]>();
  for (const row of sums) {
    const key = `${row.chain}/${row.currency}`;
    const entry = byPair.get(key) ?? {
      chain: row.chain,
      currency: row.currency,
      mintedMinor: 0n,
      burnedMinor: 0n,
      walletsMinor: 0n,
      holdsMinor: 0n,
      externalMinor: 0n,
    };
    const total = BigInt(row.total);
    if (row.kind === "issuance") entry.mintedMinor = -total;
    else if (row.kind === "redemption") entry.burnedMinor = total;
    else if (row.kind === "wallet") entry.walletsMinor = total;
    else if (row.kind === "external") entry.externalMinor = total;
    else entry.holdsMinor = total;
    byPair.set(key, entry);
  }
  const totals = [...byPair.values()];
  const consistent =
    unbalanced.length === 0 &&
    drifting.length === 0 &&
    totals.every((t) => t.mintedMinor - t.burnedMinor === t.walletsMinor + t.holdsMinor + t.externalMinor);
  return {
    totals,
    unbalancedTransactions: unbalanced.map((r) => r.id),
    driftingAccounts: drifting.map((r) => r.id),
    consistent,
  };
}
