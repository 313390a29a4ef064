import type { Config } from "../config.ts";
import { claimHolder, listen } from "../db/client.ts";
import { isStopping } from "../instance/shutdown.ts";
import { startWakeable, stopWithPeriodic } from "../jobs/periodic.ts";
import { logger } from "../logging/logger.ts";
import { MAIL_WORK_CHANNEL } from "./mail-channel.ts";
import type { MailRenderer } from "./mail-renderer.ts";
import { runMailWorker } from "./run-mail-worker.ts";

/**
 * Starts this instance's mail worker: woken by the database when mail is queued or sent again (MAIL_WORK_CHANNEL,
 * heard by every instance sharing it; the claim decides who sends), and every `config.mail.pollMs` for retries
 * falling due. Also when another instance is seen to die, so mail it was sending is shown as uncertain at once. It
 * runs once at start, which settles what this instance was sending when it last stopped. Without a mail server it
 * only does that settling: mail is kept in the outbox (the sandbox's mailbox).
 */
export async function startMailWorker(config: Config, render: MailRenderer): Promise<void> {
  const worker = startWakeable("mail", config.mail.pollMs, () =>
    runMailWorker({ config, render, stopping: isStopping }),
  );
  if (!config.mail.smtpUrl) return;
  const unlisten = await listen(MAIL_WORK_CHANNEL, {
    onNotify: () => worker.wake(),
    onError: (err) => logger().warn({ err }, "mail notifications interrupted; polling until they resume"),
  });
  stopWithPeriodic(unlisten);
  const unwatch = (await claimHolder()).onHoldersGone(worker.wake);
  stopWithPeriodic(() => Promise.resolve(unwatch()));
}
