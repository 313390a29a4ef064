import { z } from "zod";
import { chainNameResponse, currencyResponse } from "../chains/chain.responses.ts";
import type { Responses } from "../contract/operation.ts";
import { orderResponse } from "./order.responses.ts";

/**
 * An order in the operator's queue: whether it waits for a Safe's signature, a payment file's release, a mint cap's
 * release, or for its chain too long.
 */
export const operatorOrderResponse = orderResponse
  .extend({
    awaitingSignature: z.boolean().meta({ description: "A redeem order whose on-chain signature has not come yet" }),
    awaitingRelease: z.boolean().meta({
      description:
        "A redeem order paid out by IBAN: its tokens are burned and its payout waits for a payment file's release",
    }),
    mintHeld: z.boolean().meta({
      description: "An issue order whose mint is above a mint cap: it waits for two operators to release it (Supply)",
    }),
    stuck: z.boolean().meta({ description: "Handed to its chain too long ago, or its mint given up on" }),
    chainError: z.string().nullable().meta({ description: "Why its chain transactions were given up on" }),
  })
  .meta({ id: "OperatorOrder" });
export type OperatorOrder = z.input<typeof operatorOrderResponse>;

export const operatorOrderListResponse = z
  .object({
    orders: z
      .array(operatorOrderResponse)
      .meta({ description: "Open orders oldest first, or the latest of the state asked for" }),
  })
  .meta({ id: "OperatorOrderList" });

/** A ledger amount: a decimal string with two decimals, negative only if the ledger went wrong. */
const ledgerAmount = z
  .string()
  .regex(/^-?[0-9]+\.[0-9]{2}$/)
  .meta({ example: "123.45" });

/** `GET /admin/ledger`: the ledger's totals per chain and currency, and whether every invariant holds (C34). */
export const ledgerOverviewResponse = z
  .object({
    consistent: z.boolean().meta({ description: "Every invariant holds" }),
    totals: z.array(
      z.object({
        chain: chainNameResponse,
        currency: currencyResponse,
        minted: ledgerAmount,
        burned: ledgerAmount,
        wallets: ledgerAmount.meta({ description: "What the addresses hold" }),
        held: ledgerAmount.meta({ description: "Set aside for placed redeem orders" }),
        external: ledgerAmount.meta({
          description: "Held by addresses linked to no profile, as far as reconciled transfers show",
        }),
      }),
    ),
    unbalancedTransactions: z.array(z.uuid()).meta({ description: "Transactions whose entries do not sum to zero" }),
    driftingAccounts: z
      .array(z.uuid())
      .meta({ description: "Accounts whose balance differs from the sum of their entries" }),
  })
  .meta({ id: "LedgerOverview" });
export type LedgerOverview = z.input<typeof ledgerOverviewResponse>;

/** Processing an order (the operator's, or the sandbox's on its behalf). */
export const PROCESS_ORDER_REFUSALS = {
  409: "The order is already settled or being processed, awaits its on-chain signature, or its mint failed (tried again)",
};

/** Rejecting an order. */
export const REJECT_ORDER_REFUSALS = { 409: "The order is already settled or being processed" };

/** `POST /sandbox/payments`: the issue order the payment created, or the same one again. */
export const SANDBOX_PAYMENT = {
  responses: {
    201: { description: "The payment was credited: the issue order, its tokens minted", body: orderResponse },
    200: { description: "This `reference` was reported before: the same order again", body: orderResponse },
  } satisfies Responses,
  refusals: { 409: "This `reference` was reported for another payment" },
};
