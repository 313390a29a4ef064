import type { ChainTransaction, Prisma } from "../generated/prisma/client.ts";
import { lockLedgerAccounts } from "../ledger/lock-order.ts";
import { movementAccounts } from "../ledger/movements.ts";

/**
 * What settling several chain rows in one transaction locks, taken before the first of them is settled and in the
 * global lock order (`server/ledger/lock-order.ts`): their orders in id order (step 3), then every ledger account
 * their mints and burns move (step 4). Settled one after the other, each row would lock its accounts after the
 * previous one's: a batch holding a wallet's holds account for one order's burn then waited for the wallet itself for
 * another order's mint, while a redeem order being placed on that wallet held it and waited for the holds account.
 */
export async function lockSettlements(tx: Prisma.TransactionClient, rows: readonly ChainTransaction[]): Promise<void> {
  const ids = JSON.stringify([...new Set(rows.map((row) => row.orderId))].sort());
  const orders = await tx.$queryRaw<
    { id: string; profileId: string; chain: string; currency: string; addressKey: string }[]
  >`
    SELECT "id"::text AS "id", "profileId"::text AS "profileId", "chain", "currency", "addressKey"
    FROM "Order"
    WHERE "id" IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::uuid)
    ORDER BY "id"
    FOR UPDATE`;
  const byId = new Map(orders.map(({ id, ...wallet }) => [id, wallet]));
  await lockLedgerAccounts(
    tx,
    rows.flatMap((row) => {
      const wallet = byId.get(row.orderId);
      return wallet ? movementAccounts(row.kind, wallet) : [];
    }),
  );
}
