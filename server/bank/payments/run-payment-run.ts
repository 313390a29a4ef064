import type { AuditActor } from "../../audit/record-audit.ts";
import { serverClock, type Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { db } from "../../db/client.ts";
import { logger } from "../../logging/logger.ts";
import { announceBankSignal } from "../bank-signals.ts";
import { SEPA_CURRENCY } from "./payment-text.ts";
import {
  describe,
  PAYMENT_FILE_TRANSACTION,
  releaseWrittenFile,
  type PaymentFileOutcome,
} from "./release-payment-file.ts";
import type { Payout } from "../../generated/prisma/client.ts";
import type { PayoutContext } from "./payout-types.ts";
import { paymentFileBytes, recordPaymentFile } from "./write-payment-file.ts";

/** The most payments one file carries: banks take far more, but a file is released and answered as a whole. */
export const MAX_PAYMENTS_PER_FILE = 1000;

/** Payment runs of every instance take turns (a transaction-level advisory lock; released at commit or rollback). */
const PAYMENT_RUN_LOCK = "tokenrail payment run";

/**
 * A payment run: every instructed payout (in euros, the only currency SEPA pays) goes into a pain.001 of the
 * configured version, oldest first, at most `maxPerFile` a file, one transaction per file. Runs on several instances
 * take turns under an advisory lock, the payouts are also locked (`FOR UPDATE SKIP LOCKED`) and moved with a
 * conditional update, so a payout is never in two files (C49); a run that dies before its commit left nothing, and
 * the next one writes the file again. With `autoRelease` each file is released in the transaction that writes it
 * (`releaseWrittenFile`), and the transport is told after commit.
 */
export async function runPaymentRun(
  config: Config,
  options: { actor?: AuditActor; clock?: Clock; maxPerFile?: number } = {},
): Promise<{ files: PaymentFileOutcome[] }> {
  const { actor, clock = serverClock, maxPerFile = MAX_PAYMENTS_PER_FILE } = options;
  const prisma = await db();
  const files: PaymentFileOutcome[] = [];
  for (;;) {
    const now = clock();
    const step = await prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${PAYMENT_RUN_LOCK}))`;
      const due = await tx.$queryRaw<{ id: string }[]>`
        SELECT "id" FROM "Payout"
        WHERE "state" = 'instructed' AND "fileId" IS NULL AND lower("currency") = ${SEPA_CURRENCY}
        ORDER BY "sentAt", "id"
        LIMIT ${maxPerFile}
        FOR UPDATE SKIP LOCKED`;
      if (due.length === 0) return undefined;
      const payouts = await tx.payout.findMany({
        where: { id: { in: due.map((row) => row.id) } },
        orderBy: [{ sentAt: "asc" }, { id: "asc" }],
      });
      const writable = writablePayouts(payouts, { config, now });
      if (!writable) return undefined;
      const file = await recordPaymentFile(tx, writable.payouts, writable.written, { config, now, actor });
      const outcome = config.bank.autoRelease
        ? await releaseWrittenFile(tx, file.id, { now, actor })
        : describe(file, "written");
      return { outcome, full: due.length === maxPerFile };
    }, PAYMENT_FILE_TRANSACTION);
    if (!step) break;
    files.push(step.outcome);
    logger().info(
      { paymentFile: step.outcome.name, payouts: step.outcome.nbOfTxs, state: step.outcome.state },
      "payment file written",
    );
    if (!step.full) break;
  }
  if (files.some((file) => file.state === "released")) announceBankSignal("payment-file-released");
  return { files };
}

/**
 * The payouts a file can be written for: all of them, unless one cannot be written (our bug: the payout's data is
 * checked when it is instructed). Then each is tried alone and those that fail are left instructed and logged, so one
 * bad payout never holds up the others.
 */
function writablePayouts(
  payouts: Payout[],
  ctx: PayoutContext,
): { payouts: Payout[]; written: ReturnType<typeof paymentFileBytes> } | undefined {
  try {
    return { payouts, written: paymentFileBytes(payouts, ctx) };
  } catch {
    const writable = payouts.filter((payout) => {
      try {
        paymentFileBytes([payout], ctx);
        return true;
      } catch (error) {
        logger().error({ err: error, payoutId: payout.id }, "a payout cannot be written into a payment file");
        return false;
      }
    });
    return writable.length === 0 ? undefined : { payouts: writable, written: paymentFileBytes(writable, ctx) };
  }
}
