import { randomUUID } from "node:crypto";
import { Prisma, type Order } from "../generated/prisma/client.ts";
import { EVENT_DATA } from "../events/event-data.ts";
import { sealAtRest } from "../keys/sealed-value.ts";
import { orderView } from "./order-view.ts";
import { activeTraceparent } from "../telemetry/tracing.ts";
import { OPEN } from "./settle-in.ts";

/** A confirmed mint of a batch: its order and the hash the chain gave it. */
export type ConfirmedMint = { orderId: string; txHash: string };

/** Some order of the batch is not an open issue order (settled elsewhere meanwhile, or not an issue). */
export class MintsNotBatchable extends Error {
  override name = "MintsNotBatchable";
}

/**
 * Settles the issue orders of a batch of confirmed mints inside `tx` exactly as `settleIn` settles each alone
 * (processed, the hash recorded, the ledger's mint posted, `order.updated` recorded), in a few statements for the
 * whole batch instead of several per order: a bank file of ten thousand credits is one batch at
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
  const settled = mints.map((m, ord) => {
    const order = byId.get(m.orderId)!;
    return {
      ord,
      orderId: order.id,
      transactionId: randomUUID(),
      profileId: order.profileId,
      chain: order.chain,
      currency: order.currency,
      addressKey: order.addressKey,
      amountMinor: order.amountMinor.toString(),
      view: sealAtRest(orderView(order), EVENT_DATA),
    };
  });
  await postMints(tx, settled, now);
  await tx.$executeRaw`
    INSERT INTO "DomainEvent" ("id", "type", "profileId", "data", "createdAt", "traceparent")
    SELECT gen_random_uuid(), 'order.updated', "profileId", "view", ${now}::timestamptz, ${activeTraceparent()}::text
    FROM jsonb_to_recordset(${JSON.stringify(settled)}::jsonb) AS x("ord" int, "profileId" uuid, "view" jsonb)
    ORDER BY "ord"`;
}

type SettledMint = {
  ord: number;
  orderId: string;
  transactionId: string;
  profileId: string;
  chain: string;
  currency: string;
  addressKey: string;
  amountMinor: string;
};

/**
 * The ledger's mints of a batch, as `ledger_post` posts each (`mintPostings`: the chain's issuance account to the
 * wallet), for the whole batch at once: the missing accounts opened in key order, every account of the batch locked
 * in id order by one statement before any moves (step 4 of `server/ledger/lock-order.ts`, as `ledger_lock` does), the balances moved by their sums, and a
 * transaction with its two entries per order (the database's check that each transaction nets to zero runs on the
 * statement). A mint takes nothing from a wallet or holds account, so no balance can go below zero.
 */
async function postMints(tx: Prisma.TransactionClient, mints: readonly SettledMint[], now: Date): Promise<void> {
  const input = JSON.stringify(mints);
  const recordset = Prisma.sql`jsonb_to_recordset(${input}::jsonb) AS i("ord" int, "orderId" uuid,
    "transactionId" uuid, "profileId" uuid, "chain" text, "currency" text, "addressKey" text, "amountMinor" bigint)`;
  const keys = Prisma.sql`
    SELECT DISTINCT 'wallet'::"LedgerAccountKind" AS "kind", i."chain", i."currency", i."addressKey", i."profileId"
    FROM ${recordset}
    UNION
    SELECT DISTINCT 'issuance'::"LedgerAccountKind", i."chain", i."currency", '', NULL::uuid FROM ${recordset}`;
  await tx.$executeRaw`
    INSERT INTO "LedgerAccount" ("id", "kind", "chain", "currency", "addressKey", "profileId")
    SELECT gen_random_uuid(), k."kind", k."chain", k."currency", k."addressKey", k."profileId"
    FROM (${keys}) k
    ORDER BY k."kind", k."chain", k."currency", k."addressKey"
    ON CONFLICT ("kind", "chain", "currency", "addressKey") DO NOTHING`;
  await tx.$queryRaw`
    SELECT a."id"::text FROM "LedgerAccount" a
    JOIN (${keys}) k ON (a."kind", a."chain", a."currency", a."addressKey") = (k."kind", k."chain", k."currency", k."addressKey")
    ORDER BY a."id"
    FOR UPDATE OF a`;
  await tx.$executeRaw`
    WITH "entry" AS (
      SELECT i."ord", i."transactionId", a."id" AS "accountId", i."amountMinor" AS "amountMinor"
      FROM ${recordset}
      JOIN "LedgerAccount" a ON (a."kind", a."chain", a."currency", a."addressKey") = ('wallet', i."chain", i."currency", i."addressKey")
      UNION ALL
      SELECT i."ord", i."transactionId", a."id", -i."amountMinor"
      FROM ${recordset}
      JOIN "LedgerAccount" a ON (a."kind", a."chain", a."currency", a."addressKey") = ('issuance', i."chain", i."currency", '')
    ), "moved" AS (
      UPDATE "LedgerAccount" a SET "balanceMinor" = a."balanceMinor" + s."total"
      FROM (SELECT "accountId", sum("amountMinor")::bigint AS "total" FROM "entry" GROUP BY "accountId") s
      WHERE a."id" = s."accountId"
      RETURNING 1
    ), "posted" AS (
      INSERT INTO "LedgerTransaction" ("id", "kind", "orderId", "createdAt")
      SELECT i."transactionId", 'mint', i."orderId", ${now}::timestamptz FROM ${recordset} ORDER BY i."ord"
      RETURNING 1
    )
    INSERT INTO "LedgerEntry" ("transactionId", "accountId", "amountMinor")
    SELECT "transactionId", "accountId", "amountMinor" FROM "entry" ORDER BY "ord", "amountMinor"`;
}
