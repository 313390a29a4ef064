import type { Config } from "../config.ts";
import { claimHolder, listen } from "../db/client.ts";
import { DELIVERIES_DUE, WEBHOOK_WORK_CHANNEL } from "../events/record-event.ts";
import { startWakeable, stopWithPeriodic } from "../jobs/periodic.ts";
import { isStopping } from "../instance/shutdown.ts";
import { logger } from "../logging/logger.ts";
import { runWebhookWorker } from "./run-webhook-worker.ts";

/**
 * Starts this instance's webhook worker: woken by the database when an event someone subscribed to is recorded, or
 * deliveries fall due at once (a resend, a stopping instance's released claims): WEBHOOK_WORK_CHANNEL, on every
 * instance sharing the database; each run claims its rows, so the claim decides who sends. It polls every
 * `config.webhooks.pollMs` for what no notification announces (retries falling due, a notification lost while the
 * listening connection was down). A run woken only by new events fans them out and sends them; due deliveries are
 * looked for at the poll and when a notification says some are due, so a stream of events costs one statement a
 * run, not two. Both stop with the other periodic jobs. When this process's claim holder sees another holder go (an
 * instance died), the worker looks for due deliveries at once: that run releases what the dead one held and sends it
 * (C60). After a crash on the embedded database, the first run (at start) does the same.
 */
export async function startWebhookWorker(config: Config): Promise<void> {
  // On shutdown the run under way sends its wave in flight and releases what it claimed beyond it.
  let dueAnnounced = false;
  const worker = startWakeable("webhooks", config.webhooks.pollMs, ({ polled }) => {
    const due = polled || dueAnnounced;
    dueAnnounced = false;
    return runWebhookWorker({ config, stopping: isStopping, due });
  });
  const wakeForDue = () => {
    dueAnnounced = true;
    worker.wake();
  };
  const unlisten = await listen(WEBHOOK_WORK_CHANNEL, {
    onNotify: (payload) => {
      // No payload: the listening connection reopened, and whatever was announced meanwhile is unknown.
      if (payload === undefined || payload === DELIVERIES_DUE) dueAnnounced = true;
      worker.wake();
    },
    onError: (err) => logger().warn({ err }, "webhook notifications interrupted; polling until they resume"),
  });
  stopWithPeriodic(unlisten);
  const unwatch = (await claimHolder()).onHoldersGone(wakeForDue);
  stopWithPeriodic(() => Promise.resolve(unwatch()));
}
