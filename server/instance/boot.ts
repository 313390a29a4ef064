import { completePendingLinks } from "../addresses/complete-pending-links.ts";
import { startPaymentRuns } from "../bank/payments/payment-run-job.ts";
import { startBankJobs } from "../bank/transport/bank-jobs.ts";
import { startListJobs } from "../screening/lists/list-jobs.ts";
import { startRescreenJob } from "../screening/rescreen/rescreen-job.ts";
import { seedTestList } from "../screening/sandbox/test-list.ts";
import { closeDriverLocks, stopChainDrivers } from "../chains/chain-queue.ts";
import { reconcileIntervalMs, reconcileTransfers } from "../chains/reconcile-transfers.ts";
import { openIssuerSigner } from "../chains/signers/open-issuer-signer.ts";
import { watchSupply } from "../reserves/watch-supply.ts";
import { getConfig } from "../config.ts";
import { openInstanceKeyring } from "../keys/instance-keyring.ts";
import { assertKeyringFitsDatabase } from "../keys/keyring-check.ts";
import { startKeyWork } from "../keys/key-work.ts";
import { ERASURE_CHECK_MS, eraseDueProfiles } from "../retention/erase-due-profiles.ts";
import { db } from "../db/client.ts";
import { provisionRequestedIbans } from "../ibans/provision-ibans.ts";
import { startPeriodic, stopWithPeriodic } from "../jobs/periodic.ts";
import { monitoringSettled } from "../monitoring/monitor-after-commit.ts";
import { SWEEP_CHECK_MS, sweepPreviousDay } from "../monitoring/nightly-sweep.ts";
import { completeOrderSignatures } from "../orders/complete-order-signatures.ts";
import { driveChainTransactions } from "../orders/chain-settlement.ts";
import { logger } from "../logging/logger.ts";
import type { MailRenderer } from "../mail/mail-renderer.ts";
import { plainRenderer } from "../mail/plain-renderer.ts";
import { startMailWorker } from "../mail/start-mail-worker.ts";
import { autoApproveWhenDue, processOrdersWhenDue } from "../sandbox/automations.ts";
import { refreshSandboxSettings, SANDBOX_SETTINGS_REFRESH_MS } from "../sandbox/settings-cache.ts";
import { shareAuthEvictions } from "../oauth/shared-evictions.ts";
import { forgetOldFailures, shareFailureLimits } from "../security/shared-failure-limits.ts";
import { startPasswordResets } from "../users/password-reset-job.ts";
import { logQueueMetrics } from "../webhooks/deliveries.ts";
import { startWebhookWorker } from "../webhooks/start-webhook-worker.ts";
import { banner } from "./banner.ts";
import { demoCredentials } from "./demo-credentials.ts";
import { seedDemo } from "./seed-demo.ts";
import { handleShutdownSignals, onShutdown } from "./shutdown.ts";

/**
 * Runs once per server process before it takes requests: migrate, seed the sandbox demo, say where to go. The app
 * hands it the mail layout (`renderMail`, React, which the domain does not import); a bare process gets plain mail.
 */
export async function boot(options: { renderMail?: MailRenderer } = {}): Promise<void> {
  const config = getConfig();
  // The issuer's token (an HSM) first: absent, locked or refusing the PIN, the instance does not start at all.
  await openIssuerSigner(config);
  // The keyring that protects personal data at rest: a missing or unreadable one stops the start, before anything is
  // written that it would have had to protect (the sandbox makes its own on first start). Keys held in a token are
  // found there now: a token absent, locked or without one of them is a refusal too.
  const keyring = await openInstanceKeyring(config);
  handleShutdownSignals();
  const prisma = await db();
  // …and it must be the keyring that sealed this database's records: another one is refused here, not found out by
  // every read of personal data failing and every lookup by e-mail or IBAN finding nothing.
  await assertKeyringFitsDatabase(prisma, keyring, config.keys.keyringFile);
  // Several instances on one PostgreSQL: a revoked token or rotated secret is evicted from every instance's cache.
  const unlisten = await shareAuthEvictions(config);
  if (unlisten) stopWithPeriodic(unlisten);
  // …and the failure limits (429 after repeated wrong secrets or passwords) count across every instance.
  const unlistenFailures = await shareFailureLimits(config);
  if (unlistenFailures) {
    stopWithPeriodic(unlistenFailures);
    startPeriodic("forget-old-failures", 5 * 60_000, forgetOldFailures);
  }
  const demo = config.seedDemo ? demoCredentials(config) : undefined;
  const seeded = demo
    ? await seedDemo(prisma, config.environment, demo, {
        operatorPasswordPinned: config.demo.operatorPassword !== undefined,
      })
    : undefined;
  if (config.environment === "sandbox") {
    // The simulator's settings (automations, clock offset) are shared through the database: read before the first
    // request, then kept fresh so a change made on another instance applies here within the refresh period.
    await refreshSandboxSettings(config);
    startPeriodic("sandbox-settings", SANDBOX_SETTINGS_REFRESH_MS, () => refreshSandboxSettings(config));
    startPeriodic("sandbox-auto-approve", 1_000, autoApproveWhenDue(config));
    // The test list's names and addresses always hit (docs/compliance.md); never outside the sandbox.
    await seedTestList({ environment: config.environment });
  }
  // Address links waiting for a Safe's on-chain signature (the sandbox chain also completes them as it signs).
  startPeriodic("pending-links", 15_000, () => completePendingLinks({ config }));
  // Safes' orders waiting for their on-chain signature: signed ones become ready, lapsed ones are rejected.
  startPeriodic("order-signatures", 15_000, () => completeOrderSignatures({ config }));
  // Queued mints and burns: every instance tries to drive them; one at a time per issuer key and chain does.
  startPeriodic("chain-transactions", 1_000, () => driveChainTransactions(config));
  // On shutdown a send under way is finished (its hash stored), then the locks go: another instance takes over.
  onShutdown(async () => {
    await stopChainDrivers();
    await closeDriverLocks();
  });
  // Tokens moved by plain on-chain transfers: read from each token's events and reconciled into the ledger; then, in
  // the same poll, each token's supply on chain compared with the ledger's outstanding tokens (C69).
  startPeriodic("chain-transfers", reconcileIntervalMs(config), async () => {
    await reconcileTransfers({ config });
    await watchSupply({ config });
  });
  // Payouts of redeem orders and returned credits batched into payment files (the sandbox writes one per payout).
  startPaymentRuns(config);
  // Interrupted mints, and in the sandbox the automatic processing of signed redeem orders.
  startPeriodic("due-orders", 1_000, processOrdersWhenDue(config));
  // Requested IBANs get their numbers within an interval; every instance checks, each IBAN is claimed once.
  startPeriodic("iban-provisioning", config.ibans.provisionIntervalSeconds * 1000, () =>
    provisionRequestedIbans({ settings: config.ibans }),
  );
  // The bank: files in the inbox imported and archived, released payment files delivered (docs/bank.md).
  startBankJobs(config);
  // Webhooks: recorded events become deliveries and due deliveries are sent (each run until no backlog is left), as
  // soon as the database announces them; the queue's state is logged each minute.
  await startWebhookWorker(config);
  startPeriodic("webhook-metrics", 60_000, () => logQueueMetrics());
  // Mail: the outbox delivered through the SMTP server, at most once (without one, the sandbox keeps it there).
  await startMailWorker(config, options.renderMail ?? plainRenderer);
  // "Forgot password?" requests, queued alike for every address, become reset links for those with an account.
  startPasswordResets(config);
  // Sanctions lists dropped into their folder or published at their URLs become new versions (docs/compliance.md).
  startListJobs(config);
  // Every customer screened again against what a new list version added or changed, in the background.
  await startRescreenJob(config);
  // Monitoring: the previous day swept through the rules once, by one instance, from the configured hour; on
  // shutdown the evaluations started after commits are let finish (docs/compliance.md, "Monitoring").
  startPeriodic("monitoring-sweep", SWEEP_CHECK_MS, () => sweepPreviousDay({ sweepHour: config.monitoring.sweepHour }));
  onShutdown(monitoringSettled);
  // Profiles closed longer ago than the retention period lose their personal data; the books keep balancing (C71).
  startPeriodic("retention-erasure", ERASURE_CHECK_MS, () => eraseDueProfiles({ config }));
  // Contents and records stored before encryption at rest are sealed, and after a rotation the data keys re-wrapped,
  // in the background by one instance at a time, once (C70; the console shows how far it got).
  if (config.keys.sealAtRest) await startKeyWork(config);
  else logger().warn("TOKENRAIL_SEAL_AT_REST=off: personal data and files are stored in plain text (benchmarks only)");
  logger().info({ environment: config.environment, database: config.database.kind }, "ready");
  process.stdout.write(banner(config, demo, seeded?.passwordsKnown ?? false));
}

/** A server that cannot reach its database or has an invalid configuration must not start half-working. */
export async function bootOrExit(options: { renderMail?: MailRenderer } = {}): Promise<void> {
  try {
    await boot(options);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
