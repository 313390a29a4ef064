import type { Config } from "../config.ts";
import { processDueOrders } from "../orders/process-due-orders.ts";
import { approveCompleteProfiles } from "../profiles/auto-approve.ts";
import { cachedSandboxSettings } from "./settings-cache.ts";

/** How often an automation runs: as often as its delay, but at least every 5 s and at most every second. */
function cadenceMs(delaySeconds: number): number {
  return Math.min(Math.max(delaySeconds, 1), 5) * 1000;
}

/**
 * The periodic work of the sandbox's stand-in operator for KYC, ticking every second: while auto-approve is on (the
 * current setting, which may change at any time), complete submissions older than the delay are approved.
 */
export function autoApproveWhenDue(config: Config): () => Promise<unknown> {
  let lastRun = 0;
  return async () => {
    const { autoApprove } = cachedSandboxSettings(config);
    if (!autoApprove.enabled || Date.now() - lastRun < cadenceMs(autoApprove.delaySeconds) - 100) return;
    lastRun = Date.now();
    await approveCompleteProfiles({ delaySeconds: autoApprove.delaySeconds });
  };
}

/**
 * Interrupted mints (everywhere, every 5 s) and, while the sandbox's auto-process is on, signed redeem orders older
 * than its delay.
 */
export function processOrdersWhenDue(config: Config): () => Promise<unknown> {
  let lastRun = 0;
  return async () => {
    const { autoProcess } = cachedSandboxSettings(config);
    const enabled = config.environment === "sandbox" && autoProcess.enabled;
    if (Date.now() - lastRun < cadenceMs(enabled ? autoProcess.delaySeconds : 5) - 100) return;
    lastRun = Date.now();
    await processDueOrders({ config, autoProcessSeconds: enabled ? autoProcess.delaySeconds : undefined });
  };
}
