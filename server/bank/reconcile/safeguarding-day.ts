import type { Prisma } from "../../generated/prisma/client.ts";

/**
 * A camt.053's closing balance of the master account for a day, compared with what the ledger says must be there
 * that day (tokens outstanding + payouts in flight + credits not yet minted), stored as the day's `SafeguardingDay`
 * (the latest statement for the day replaces it). Inside the import's transaction.
 */
export async function recordSafeguardingDay(
  tx: Prisma.TransactionClient,
  day: { fileId: string; accountIban: string; date: string; currency: string; closingMinor: bigint; now: Date },
): Promise<void> {
  void tx;
  void day;
  await Promise.resolve();
  throw new Error("not implemented");
}
