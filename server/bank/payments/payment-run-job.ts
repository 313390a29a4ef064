import type { Config } from "../../config.ts";
import { startPeriodic } from "../../jobs/periodic.ts";
import { runPaymentRun } from "./run-payment-run.ts";

/**
 * The payment run every `paymentRunIntervalSeconds`, on every instance: runs take turns under an advisory lock and
 * payouts are claimed with `SKIP LOCKED`, so instances running it at once write each payout into one file only.
 * Nothing to start where files are made at once per payout (interval 0, the sandbox).
 */
export function startPaymentRuns(config: Config): void {
  const seconds = config.bank.paymentRunIntervalSeconds;
  if (seconds > 0) startPeriodic("payment-run", seconds * 1000, () => runPaymentRun(config));
}
