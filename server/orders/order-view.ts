import { Prisma, type Order } from "../generated/prisma/client.ts";
import { EVENT_DATA } from "../events/event-data.ts";
import { sealAtRest } from "../keys/sealed-value.ts";
import { formatAmount } from "../money/amount.ts";
import type { EventType } from "../events/event-types.ts";
import { recordEvent } from "../events/record-event.ts";
import type { Currency } from "../chains/registry.ts";
import type { CounterpartView, OrderView } from "./order.responses.ts";
import { orderCounterpart, orderMemo } from "./order-text.ts";
import { activeTraceparent } from "../telemetry/tracing.ts";

export type { CounterpartView, OrderView };

/** The Order object (`order.responses.ts`). */
export function orderView(row: Order): OrderView {
  return {
    id: row.id,
    kind: row.kind,
    profile: row.profileId,
    address: row.address,
    chain: row.chain,
    // The column holds what the request (or the bank report) gave, both checked against the currencies.
    currency: row.currency as Currency,
    amount: formatAmount(row.amountMinor),
    counterpart: orderCounterpart(row),
    memo: orderMemo(row),
    ...(row.referenceNumber !== null ? { referenceNumber: row.referenceNumber } : {}),
    state: row.state,
    meta: {
      placedAt: row.placedAt.toISOString(),
      ...(row.processedAt ? { processedAt: row.processedAt.toISOString() } : {}),
      ...(row.rejectedReason !== null ? { rejectedReason: row.rejectedReason } : {}),
      ...(row.supportingDocumentId !== null ? { supportingDocumentId: row.supportingDocumentId } : {}),
      ...(row.txHashes.length > 0 ? { txHashes: row.txHashes } : {}),
      // A redeem paid out by IBAN, once its payout is in a released payment file: the file's id and the transfer's
      // end-to-end id (what the payee's bank shows).
      ...(row.paymentFileId !== null ? { paymentFile: row.paymentFileId } : {}),
      ...(row.endToEndId !== null ? { endToEndId: row.endToEndId } : {}),
    },
  };
}

/** `order.created` or `order.updated`, in the transaction of the change, carrying the order as the API shows it. */
export function recordOrderEvent(
  tx: Prisma.TransactionClient,
  type: "order.created" | "order.updated",
  row: Order,
  at: Date,
): Promise<void> {
  return recordEvent(tx, { type, profileId: row.profileId, data: orderView(row), at });
}

/**
 * The insert of `order.created` inside a statement that inserts the order, as `recordOrderEvent` writes it (same
 * table, same columns, the order as the API shows it): one row for each row of `from`, the statement's CTE that
 * yields only once the order is written, so the event exists exactly when the order does.
 */
export function orderCreatedSql(row: Order, from: Prisma.Sql): Prisma.Sql {
  const type: EventType = "order.created";
  return Prisma.sql`
      INSERT INTO "DomainEvent" ("id", "type", "profileId", "data", "createdAt", "traceparent")
      SELECT gen_random_uuid(), ${type}, ${row.profileId}::uuid, ${JSON.stringify(sealAtRest(orderView(row), EVENT_DATA))}::jsonb,
        ${row.placedAt}::timestamptz, ${activeTraceparent()}::text
      FROM ${from}`;
}
