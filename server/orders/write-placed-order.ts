import { Prisma, type Order } from "../generated/prisma/client.ts";
import { lockKeys } from "../ledger/lock-order.ts";
import { moneyTransaction } from "../ledger/money-transaction.ts";
import { holdPostings } from "../ledger/movements.ts";
import { ledgerPostCall } from "../ledger/post-transaction.ts";
import { orderCreatedSql } from "./order-view.ts";
import { sealPendingMessage } from "../signatures/pending-message.ts";
import { sealOrderMessage, sealOrderText } from "./order-text.ts";
import { inSpan } from "../telemetry/tracing.ts";

type Pending = { msgHash: string; requestedById: string; expiresAt: Date };

/**
 * Writes a redeem order as placed: one transaction whose statements take their locks in the global order
 * (`server/ledger/lock-order.ts`), each its own statement, since the parts of one statement run in no guaranteed
 * order. (1) The keys the order claims are locked: the id the client chose, its Idempotency-Key and its signed
 * message; a copy of the request racing the first attempt waits here, then finds that order (`raced`, nothing
 * written). (3) The order is inserted. (4) Its hold is posted through `ledger_post`. (5) `order.created` is recorded
 * as `recordEvent` would (same table, same columns, the order as the API shows it) and, for a Safe signing on chain,
 * the pending `order` signature. A used signed message fails the insert (unique violation); a hold beyond the free
 * balance fails `ledger_post` (`InsufficientFunds`); either way nothing is written.
 */
export async function writePlacedOrder(
  order: Order,
  pending: Pending | undefined,
  repeatable: { id?: string; idempotencyKey?: string },
): Promise<{ seq: bigint } | "raced"> {
  const { id, idempotencyKey } = repeatable;
  return moneyTransaction(async (tx) => {
    await lockKeys(tx, [
      id && `order-id:${id}`,
      idempotencyKey && `order-key:${idempotencyKey}`,
      `order-message:${order.messageKey}`,
    ]);
    if (id || idempotencyKey) {
      const [raced] = await tx.$queryRaw<unknown[]>`
        SELECT 1 FROM "Order" WHERE "id" = ${id ?? null}::uuid OR "idempotencyKey" = ${idempotencyKey ?? null}`;
      if (raced) return "raced";
    }
    const [row] = await tx.$queryRaw<{ seq: bigint }[]>(insertOrderSql(order));
    if (!row) throw new Error(`order ${order.id} was not placed`);
    await inSpan(
      "ledger post hold",
      { attributes: { "tokenrail.ledger.kind": "hold", "tokenrail.order_id": order.id } },
      () => tx.$queryRaw(holdSql(order, pending)),
    );
    return { seq: row.seq };
  });
}

function insertOrderSql(o: Order): Prisma.Sql {
  const sealed = sealOrderText(o);
  return Prisma.sql`
    INSERT INTO "Order" (
      "id", "kind", "profileId", "address", "addressKey", "chain", "currency", "amountMinor", "counterpart", "memo",
      "memoKey", "referenceNumber", "state", "message", "signature", "messageKey", "signedAt", "supportingDocumentId",
      "placedAt", "requestHash", "idempotencyKey", "placedById", "updatedAt"
    ) VALUES (
      ${o.id}::uuid, ${o.kind}::"OrderKind", ${o.profileId}::uuid, ${o.address}, ${o.addressKey}, ${o.chain},
      ${o.currency}, ${o.amountMinor}::bigint, ${JSON.stringify(sealed.counterpart)}::jsonb,
      ${JSON.stringify(sealed.memo)}::jsonb, ${sealed.memoKey}, ${o.referenceNumber}, ${o.state}::"OrderState",
      ${jsonOrNull(sealOrderMessage(o.message as string | null))}::jsonb, ${o.signature}, ${o.messageKey},
      ${o.signedAt}::timestamptz, ${o.supportingDocumentId}::uuid, ${o.placedAt}::timestamptz, ${o.requestHash},
      ${o.idempotencyKey}, ${o.placedById}::uuid, ${o.updatedAt}::timestamptz
    )
    RETURNING "seq"`;
}

/** The hold (step 4), then what only this order's transaction can reach (step 5): its event and pending signature. */
function holdSql(o: Order, pending: Pending | undefined): Prisma.Sql {
  const wallet = { chain: o.chain, currency: o.currency, addressKey: o.addressKey, profileId: o.profileId };
  const hold = ledgerPostCall({
    kind: "hold",
    orderId: o.id,
    at: o.placedAt,
    postings: holdPostings(wallet, o.amountMinor),
  });
  // The text the Safe signs, sealed for the pending signature's own column (C70).
  const message = pending === undefined ? null : JSON.stringify(sealPendingMessage(o.message as string));
  return Prisma.sql`
    WITH "held" AS MATERIALIZED (
      SELECT ${hold} AS "transactionId"
    ), "event" AS (${orderCreatedSql(o, Prisma.raw('"held"'))}
    ), "pending" AS (
      INSERT INTO "PendingSignature" (
        "id", "kind", "orderId", "profileId", "chain", "address", "addressKey", "message", "msgHash", "requestedById",
        "createdAt", "expiresAt"
      )
      SELECT gen_random_uuid(), 'order', ${o.id}::uuid, ${o.profileId}::uuid, ${o.chain}, ${o.address},
        ${o.addressKey}, ${message}::jsonb, ${pending?.msgHash ?? null}::text, ${pending?.requestedById ?? null}::uuid,
        ${o.placedAt}::timestamptz, ${pending?.expiresAt ?? null}::timestamptz
      FROM "held"
      WHERE ${pending !== undefined}::boolean
    )
    SELECT "transactionId"::text FROM "held"`;
}

/** A JSON parameter, or SQL NULL (not JSON's `null`). */
function jsonOrNull(value: unknown): string | null {
  return value === null ? null : JSON.stringify(value);
}
