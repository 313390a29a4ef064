import type { Order, Prisma } from "../generated/prisma/client.ts";
import { mintPostings } from "../ledger/movements.ts";
import { postingRows } from "../ledger/post-transaction.ts";
import { orderView } from "./order-view.ts";
import { OPEN, walletOf } from "./settle-in.ts";

/** A confirmed mint of a batch: its order and the hash the chain gave it. */
export type ConfirmedMint = { orderId: string; txHash: string };

/** Some order of the batch is not an open issue order (settled elsewhere meanwhile, or not an issue). */
export class MintsNotBatchable extends Error {
  override name = "MintsNotBatchable";
}

/**
 * Settles the issue orders of a batch of confirmed mints inside `tx` exactly as `settleIn` settles each alone
 * (processed, the hash recorded, the ledger's mint posted through `ledger_post`, `order.updated` recorded), in three
 * statements for the whole batch instead of several per order: a bank file of ten thousand credits is one batch at
 * the bank, and mints as batches here. Throws `MintsNotBatchable` when any order is not an open issue order; the
 * caller's transaction then rolls back and the mints are settled one by one, where each refusal stays its own.
 */
export async function settleIssuedMints(
  tx: Prisma.TransactionClient,
  mints: readonly ConfirmedMint[],
  now: Date,
): Promise<void> {
  if (mints.length === 0) return;
  const input = JSON.stringify(mints.map((m) => ({ orderId: m.orderId, txHash: m.txHash.toLowerCase() })));
  const updated = await tx.$queryRaw<{ id: string }[]>`
    UPDATE "Order" o
    SET "state" = 'processed', "processedAt" = ${now}::timestamptz,
      "txHashes" = array_append(o."txHashes", i."txHash"), "updatedAt" = ${now}::timestamptz
    FROM jsonb_to_recordset(${input}::jsonb) AS i("orderId" uuid, "txHash" text)
    WHERE o."id" = i."orderId" AND o."kind" = 'issue' AND o."state"::text IN (${OPEN[0]}, ${OPEN[1]})
    RETURNING o."id"::text AS "id"`;
  if (updated.length !== mints.length) throw new MintsNotBatchable();
  const byId = new Map<string, Order>(
    (await tx.order.findMany({ where: { id: { in: mints.map((m) => m.orderId) } } })).map((o) => [o.id, o]),
  );
  const settled = JSON.stringify(
    mints.map((m, ord) => {
      const order = byId.get(m.orderId)!;
      return {
        ord,
        orderId: order.id,
        profileId: order.profileId,
        postings: postingRows("mint", mintPostings(walletOf(order), order.amountMinor)),
        view: orderView(order),
      };
    }),
  );
  await tx.$queryRaw`
    WITH "input" AS (
      SELECT * FROM jsonb_to_recordset(${settled}::jsonb)
        AS x("ord" int, "orderId" uuid, "profileId" uuid, "postings" jsonb, "view" jsonb)
    ), "posted" AS (
      SELECT "ledger_post"('mint', "orderId", ${now}::timestamptz, "postings") AS "transactionId" FROM "input"
    ), "event" AS (
      INSERT INTO "DomainEvent" ("id", "type", "profileId", "data", "createdAt")
      SELECT gen_random_uuid(), 'order.updated', "profileId", "view", ${now}::timestamptz
      FROM "input" ORDER BY "ord"
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM "posted")::int AS "posted", (SELECT count(*) FROM "event")::int AS "events"`;
}
