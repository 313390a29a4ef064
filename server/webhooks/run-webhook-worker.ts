import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { claimHolder, db } from "../db/client.ts";
import { releaseClaims } from "./claim-deliveries.ts";
import { DELIVERY_BATCH, DeliveryRounds } from "./deliver.ts";
import { FAN_OUT_BATCH, fanOutBatch } from "./fan-out.ts";

/**
 * One run of the webhook worker (every instance, whenever it is woken and at each poll): new events become deliveries
 * already claimed for their first attempt, which go out at once, `deliveryBatch` at a time, batch after batch of events
 * for as long as the fan-out finds a full one (the next batch fanning out while the one before is being sent, so the
 * database's work and the receivers' overlap); then whatever else is due (retries, resends, and what an instance that
 * died held, released first: C60). A new event's deliveries
 * are thus sent in the run that fans it out, with no claim in between, and a burst starts going out after its first
 * batch, not its last. With `due: false` (a run woken only by new events) the last step is left to the runs that look
 * for due deliveries. Once `stopping` says so (the instance is shutting down), no more events are fanned out or
 * deliveries claimed: the wave in flight is sent and recorded, and deliveries claimed but not yet sent (this batch's
 * and the next one's) are released at once, so another instance takes them over without waiting for their hold to
 * lapse.
 */
export async function runWebhookWorker(options: {
  config: Config;
  clock?: Clock;
  fanOutBatch?: number;
  deliveryBatch?: number;
  stopping?: () => boolean;
  /** Whether to look for due deliveries (retries, resends) after the new events; by default it does. */
  due?: boolean;
}): Promise<{ attempted: number; delivered: number }> {
  const { config, clock = serverClock, stopping = () => false, due = true } = options;
  const batch = options.fanOutBatch ?? FAN_OUT_BATCH;
  const wave = options.deliveryBatch ?? DELIVERY_BATCH;
  const holder = await claimHolder();
  const rounds = new DeliveryRounds(await db(), holder, config, clock);
  // Without a claim holder for the moment (its connection is being reopened) nothing is claimed: the new events wait.
  const me = holder.current();
  if (me === undefined) return rounds.finish();
  /** `ahead`: the waves that go out before this batch's first, which its hold must outlast. */
  const fanOut = (ahead: number) => {
    const claim = { timeoutMs: config.webhooks.timeoutMs, wave, ahead, holder: me };
    const fanning = fanOutBatch({ clock, batch, claim });
    // Its failure surfaces when it is awaited, not as an unhandled rejection meanwhile.
    fanning.catch(() => undefined);
    return fanning;
  };
  try {
    if (stopping()) return rounds.finish();
    let next: ReturnType<typeof fanOut> | undefined = fanOut(0);
    while (next) {
      const fanned: Awaited<ReturnType<typeof fanOut>> = await next;
      const waves = Math.ceil(fanned.deliveries.length / wave);
      // The next batch fans out while this one is sent.
      next = fanned.events === batch && !stopping() ? fanOut(waves) : undefined;
      for (let i = 0; i < waves; i++) {
        if (stopping()) {
          await releaseClaims(fanned.deliveries.slice(i * wave));
          if (next) await releaseClaims((await next).deliveries);
          return await rounds.finish();
        }
        await rounds.send(fanned.deliveries.slice(i * wave, (i + 1) * wave));
      }
    }
    if (due) await rounds.drainDue(wave, stopping);
  } catch (error) {
    await rounds.finish().catch(() => undefined);
    throw error;
  }
  return rounds.finish();
}
