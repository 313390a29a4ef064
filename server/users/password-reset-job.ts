import type { Config } from "../config.ts";
import { startWakeable, type WakeableJob } from "../jobs/periodic.ts";
import { sendPasswordResets } from "./send-password-resets.ts";

/** Polled this often in case a wake-up was lost (another instance's request, a restart). */
const POLL_MS = 2_000;

/**
 * Woken this long after a request, so the job's work never runs while that request is being answered: on the
 * embedded database, queries share the one thread with the answer, and only known addresses cost the job a link.
 */
const WAKE_DELAY_MS = 200;

// One per instance, on globalThis: the route that queues requests and the boot that starts the job are bundled apart.
const holder = globalThis as typeof globalThis & { __tokenrailPasswordResets?: WakeableJob };

/** Starts the job that mails queued reset links (send-password-resets.ts); stopped with the other jobs. */
export function startPasswordResets(config: Pick<Config, "appUrl">): void {
  holder.__tokenrailPasswordResets = startWakeable("password-resets", POLL_MS, () => sendPasswordResets(config));
}

/** Tells the job a request is queued; without a job in this process (a script, a test) the poll of another finds it. */
export function wakePasswordResets(): void {
  const job = holder.__tokenrailPasswordResets;
  if (job) setTimeout(job.wake, WAKE_DELAY_MS).unref();
}
