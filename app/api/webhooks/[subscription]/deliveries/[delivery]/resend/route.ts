// POST /webhooks/{subscription}/deliveries/{delivery}/resend — one more attempt now, with the same webhook-id
import { z } from "zod";
import { withApplication } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { resendDelivery } from "@/server/webhooks/deliveries.ts";

const params = z.object({ subscription: z.string(), delivery: z.string() });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withApplication({ params }, ({ caller, params }) =>
    resendDelivery({ caller, subscriptionId: params.subscription, deliveryId: params.delivery }),
  ),
});
