// GET /webhooks/{subscription}/deliveries/{delivery} — one delivery: its body and every attempt
import { z } from "zod";
import { withApplication } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { getDelivery } from "@/server/webhooks/deliveries.ts";

const params = z.object({ subscription: z.string(), delivery: z.string() });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApplication({ params }, ({ caller, params }) =>
    getDelivery({ caller, subscriptionId: params.subscription, deliveryId: params.delivery }),
  ),
});
