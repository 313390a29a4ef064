import { z } from "zod";
import { amountResponse, chainNameResponse, currencyResponse, evmAddressResponse } from "../chains/chain.responses.ts";
import type { Responses } from "../contract/operation.ts";
import { counterpartResponse } from "../orders/order.responses.ts";

/**
 * A signature a smart account still has to give on chain (SPEC "Pending signature", CONTRACT §4.20): an address link
 * (`linkAddress`) or an order's message (`order`, which alone carries the order's id, amount, counterpart, currency
 * and message).
 */
export const pendingSignatureResponse = z
  .object({
    id: z.guid().optional().meta({ description: "The order's id (kind `order`)" }),
    kind: z.enum(["linkAddress", "order"]),
    chain: chainNameResponse,
    address: evmAddressResponse,
    amount: amountResponse.optional(),
    counterpart: counterpartResponse.optional(),
    currency: currencyResponse.optional(),
    message: z.string().optional().meta({ description: "The order's message the account must sign" }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "PendingSignature" });
export type PendingSignatureView = z.input<typeof pendingSignatureResponse>;

const pendingSignatureList = z.object({ pending: z.array(pendingSignatureResponse), total: z.number().int() });
export type PendingSignatureList = z.input<typeof pendingSignatureList>;

/** `GET /signatures`. */
export const PENDING_SIGNATURES_RESPONSES: Responses = {
  200: {
    description: "What is still to be signed, oldest first",
    body: pendingSignatureList,
    headers: { "x-total-count": "How many are pending (`total`)" },
  },
};
