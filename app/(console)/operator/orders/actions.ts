"use server";

import { z } from "zod";
import { getConfig } from "@/server/config";
import { operatorProcessOrder, operatorRejectOrder, type ProcessOutcome } from "@/server/orders/operate-orders";
import type { OrderView } from "@/server/orders/order-view";
import { operatorRejectSchema } from "@/server/orders/operator-queue.schemas";
import { asOperator, type OperatorResult } from "../as-operator";
import { MAX_ID } from "@/server/limits";

const orderRef = z.object({ orderId: z.string().max(MAX_ID) });

/** Process an order (mint, or burn and pay out), as the signed-in operator; a large one may wait for a second. */
export async function processOrderAction(input: unknown): Promise<OperatorResult<ProcessOutcome>> {
  return asOperator("treasurer", orderRef, input, (operator, { orderId }) =>
    operatorProcessOrder({ orderId, config: getConfig(), operator }),
  );
}

/** Reject an open order with a reason, as the signed-in operator. */
export async function rejectOrderAction(input: unknown): Promise<OperatorResult<OrderView>> {
  return asOperator("treasurer", orderRef.extend(operatorRejectSchema.shape), input, (operator, { orderId, reason }) =>
    operatorRejectOrder({ orderId, reason, config: getConfig(), operator }),
  );
}
