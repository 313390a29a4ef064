import { z } from "zod";
import { amountResponse, chainNameResponse, currencyResponse, evmAddressResponse } from "../chains/chain.responses.ts";
import type { Responses } from "../contract/operation.ts";

/**
 * CounterpartResponse (SPEC "Counterpart", CONTRACT §4.18): who receives a redeem order's money or sent an issue
 * order's. A redeem's details are the ones its request gave; an issue's are the debtor's name; a cross-chain
 * order's are empty.
 */
export const counterpartResponse = z
  .object({
    identifier: z.discriminatedUnion("standard", [
      z.object({
        standard: z.literal("iban"),
        iban: z.string().meta({ description: "Compact; empty when the bank reported no debtor IBAN" }),
        bic: z.string().optional(),
      }),
      z.object({ standard: z.literal("chain"), address: z.string(), chain: chainNameResponse }),
    ]),
    details: z
      .record(z.string(), z.string())
      .meta({ description: "`firstName`, `lastName`, `companyName`, `name`, `country`: whichever were given" }),
  })
  .meta({ id: "Counterpart" });
export type CounterpartView = z.input<typeof counterpartResponse>;

/** An order id: any UUID, whatever its version nibble (a caller may choose it, CONTRACT §1). */
const orderId = z.guid();

/** The Order object (SPEC "Order"): amounts as decimal strings with two decimals, timestamps RFC 3339 UTC. */
export const orderResponse = z
  .object({
    id: orderId,
    kind: z.enum(["issue", "redeem"]),
    profile: z.uuid(),
    address: evmAddressResponse,
    chain: chainNameResponse,
    currency: currencyResponse,
    amount: amountResponse,
    counterpart: counterpartResponse,
    memo: z.string(),
    referenceNumber: z.string().optional(),
    state: z.enum(["placed", "pending", "processed", "rejected"]),
    meta: z.object({
      placedAt: z.iso.datetime(),
      processedAt: z.iso.datetime().optional(),
      rejectedReason: z.string().optional(),
      supportingDocumentId: orderId.optional(),
      txHashes: z.array(z.string()).optional().meta({ description: "The chain transactions, once sent" }),
      paymentFile: z.uuid().optional().meta({
        description:
          "A redeem paid out by IBAN: the id of the payment file (pain.001) carrying its payout, once released",
      }),
      endToEndId: z.string().optional().meta({
        description: "A redeem paid out by IBAN: the credit transfer's end-to-end id, as the payee's bank reports it",
      }),
    }),
  })
  .meta({ id: "Order" });
export type OrderView = z.input<typeof orderResponse>;

const orderListResponse = z.object({ orders: z.array(orderResponse) });
export type OrderList = z.input<typeof orderListResponse>;

/** `GET /orders`: one page, and where the next one is when more follow. */
export const LIST_ORDERS_RESPONSES: Responses = {
  200: {
    description: "A page of orders, newest first unless `sort=placedAt`",
    body: orderListResponse,
    headers: {
      "x-next-cursor": "The `cursor` of the next page, when more orders follow",
      link: 'The next page as `<…>; rel="next"`, when more orders follow',
    },
  },
};

/** `POST /orders`. */
export const PLACE_ORDER_RESPONSES: Responses = {
  200: { description: "The order, placed (or the same order again, for a repeated request)", body: orderResponse },
  202: {
    description: "The order, placed; it waits for the Safe to sign its message on chain (a pending `order` signature)",
    body: orderResponse,
  },
};
