import type { Order, Prisma } from "../generated/prisma/client.ts";
import { formatAmount } from "../money/amount.ts";
import { recordEvent } from "../events/record-event.ts";

/** CounterpartResponse (SPEC "Counterpart", CONTRACT §4.18). */
export type CounterpartView = {
  identifier: { standard: "iban"; iban: string; bic?: string } | { standard: "chain"; address: string; chain: string };
  details: Record<string, string>;
};

/** The Order object (SPEC "Order"): amounts as decimal strings with two decimals, timestamps RFC 3339 UTC. */
export type OrderView = {
  id: string;
  kind: "issue" | "redeem";
  profile: string;
  address: string;
  chain: string;
  currency: string;
  amount: string;
  counterpart: CounterpartView;
  memo: string;
  referenceNumber?: string;
  state: "placed" | "pending" | "processed" | "rejected";
  meta: {
    placedAt: string;
    processedAt?: string;
    rejectedReason?: string;
    supportingDocumentId?: string;
    txHashes?: string[];
  };
};

export function orderView(row: Order): OrderView {
  return {
    id: row.id,
    kind: row.kind,
    profile: row.profileId,
    address: row.address,
    chain: row.chain,
    currency: row.currency,
    amount: formatAmount(row.amountMinor),
    counterpart: row.counterpart as CounterpartView,
    memo: row.memo,
    ...(row.referenceNumber !== null ? { referenceNumber: row.referenceNumber } : {}),
    state: row.state,
    meta: {
      placedAt: row.placedAt.toISOString(),
      ...(row.processedAt ? { processedAt: row.processedAt.toISOString() } : {}),
      ...(row.rejectedReason !== null ? { rejectedReason: row.rejectedReason } : {}),
      ...(row.supportingDocumentId !== null ? { supportingDocumentId: row.supportingDocumentId } : {}),
      ...(row.txHashes.length > 0 ? { txHashes: row.txHashes } : {}),
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
