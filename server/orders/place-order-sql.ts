import { Prisma, type Order } from "../generated/prisma/client.ts";
import { holdPostings } from "../ledger/movements.ts";
import { ledgerPostCall } from "../ledger/post-transaction.ts";
import { orderCreatedSql } from "./order-view.ts";

/**
 * One statement places the order: it inserts the order, then (drawing on the inserted row, so in that order) posts
 * its hold through `ledger_post`, records `order.created` as `recordEvent` would (same table, same columns, the
 * order as the API shows it) and, for a Safe signing on chain, the pending `order` signature. One round trip, one
 * implicit transaction: all of it is written or none. A used id, key or signed message fails the insert (unique
 * violation); a hold beyond the free balance fails `ledger_post` (`InsufficientFunds`).
 */
export function placeOrderSql(
  order: Order,
  pending: { msgHash: string; requestedById: string; expiresAt: Date } | undefined,
): Prisma.Sql {
  const o = order;
  const wallet = { chain: o.chain, currency: o.currency, addressKey: o.addressKey, profileId: o.profileId };
  const hold = ledgerPostCall({
    kind: "hold",
    orderId: o.id,
    at: o.placedAt,
    postings: holdPostings(wallet, o.amountMinor),
  });
  return Prisma.sql`
    WITH "placed" AS (
      INSERT INTO "Order" (
        "id", "kind", "profileId", "address", "addressKey", "chain", "currency", "amountMinor", "counterpart", "memo",
        "referenceNumber", "state", "message", "signature", "messageKey", "signedAt", "supportingDocumentId",
        "placedAt", "requestHash", "idempotencyKey", "placedById", "updatedAt"
      ) VALUES (
        ${o.id}::uuid, ${o.kind}::"OrderKind", ${o.profileId}::uuid, ${o.address}, ${o.addressKey}, ${o.chain},
        ${o.currency}, ${o.amountMinor}::bigint, ${JSON.stringify(o.counterpart)}::jsonb, ${o.memo},
        ${o.referenceNumber}, ${o.state}::"OrderState", ${o.message}, ${o.signature}, ${o.messageKey},
        ${o.signedAt}::timestamptz, ${o.supportingDocumentId}::uuid, ${o.placedAt}::timestamptz, ${o.requestHash},
        ${o.idempotencyKey}, ${o.placedById}::uuid, ${o.updatedAt}::timestamptz
      )
      RETURNING "seq"
    ), "held" AS MATERIALIZED (
      SELECT ${hold} AS "transactionId" FROM "placed"
    ), "event" AS (${orderCreatedSql(o, Prisma.raw('"held"'))}
    ), "pending" AS (
      INSERT INTO "PendingSignature" (
        "id", "kind", "orderId", "profileId", "chain", "address", "addressKey", "message", "msgHash", "requestedById",
        "createdAt", "expiresAt"
      )
      SELECT gen_random_uuid(), 'order', ${o.id}::uuid, ${o.profileId}::uuid, ${o.chain}, ${o.address},
        ${o.addressKey}, ${o.message}, ${pending?.msgHash ?? null}::text, ${pending?.requestedById ?? null}::uuid,
        ${o.placedAt}::timestamptz, ${pending?.expiresAt ?? null}::timestamptz
      FROM "held"
      WHERE ${pending !== undefined}::boolean
    )
    SELECT "placed"."seq" FROM "placed", "held"`;
}
