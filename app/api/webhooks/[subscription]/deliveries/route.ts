// GET /webhooks/{subscription}/deliveries — the delivery log, newest first, each with its last attempt
import { z } from "zod";
import { withApplication } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { listDeliveries } from "@/server/webhooks/deliveries.ts";
import { deliveriesQuery } from "@/server/webhooks/webhook.schemas.ts";

const params = z.object({ subscription: z.string() });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApplication({ params, query: deliveriesQuery }, ({ caller, params, query }) =>
    listDeliveries({ caller, subscriptionId: params.subscription, query }),
  ),
});
