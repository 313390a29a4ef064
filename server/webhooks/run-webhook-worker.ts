import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { deliverWhileDue } from "./deliver.ts";
import { FAN_OUT_BATCH, fanOutBatch } from "./fan-out.ts";

/**
 * One run of the webhook worker (every instance, twice a second): a batch of recorded events becomes deliveries,
 * then everything due is sent, and again for as long as the fan-out found a full batch. One after the other, so a
 * new event's deliveries go out in the same run (run side by side, the delivery query missed what the fan-out had
 * not committed yet and waited for the next run); and a burst starts going out after its first batch, not its last.
 */
export async function runWebhookWorker(options: {
  config: Config;
  clock?: Clock;
  fanOutBatch?: number;
  deliveryBatch?: number;
}): Promise<{ attempted: number; delivered: number }> {
  const { config, clock } = options;
  const batch = options.fanOutBatch ?? FAN_OUT_BATCH;
  const total = { attempted: 0, delivered: 0 };
  for (;;) {
    const { events } = await fanOutBatch({ clock, batch });
    const sent = await deliverWhileDue({ config, clock, batch: options.deliveryBatch });
    total.attempted += sent.attempted;
    total.delivered += sent.delivered;
    if (events < batch) return total;
  }
}
