import { recordAudit, type AuditActor } from "../../audit/record-audit.ts";
import { serverClock, type Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { db } from "../../db/client.ts";
import { logger } from "../../logging/logger.ts";
import { monitorAfterCommit } from "../../monitoring/monitor-after-commit.ts";
import { driveChainTransactions } from "../../orders/chain-settlement.ts";
import type { BankEntryView } from "../operator/bank-operator.responses.ts";
import { entryIban } from "../import/entry-text.ts";
import { bankEntryView } from "../operator/bank-views.ts";
import { claimException } from "./claim-exception.ts";
import { mintUnmatched } from "./upstream.ts";

/**
 * An operator assigns an unmatched credit to an approved IBAN of ours (C48): in one transaction the exception is
 * taken (once, however many operators try at once), the importer mints it to that IBAN's profile and address, the
 * entry becomes `assigned` with the issue order, and the audit log records who did it. The mint itself is driven
 * after commit by the chain queue, as for any issue order.
 */
export async function assignException(options: {
  entryId: string;
  iban: string;
  actor: AuditActor;
  config: Config;
  clock?: Clock;
  /** Drive the chain queue after commit (tests leave the mint queued). */
  driveChain?: boolean;
}): Promise<BankEntryView> {
  const { entryId, iban, actor, config, clock = serverClock, driveChain = true } = options;
  const prisma = await db();
  const now = clock();
  const entry = await prisma.$transaction(async (tx) => {
    const before = await claimException(tx, { entryId, actor, now });
    const { orderId } = await mintUnmatched(tx, {
      entryId: before.id,
      iban,
      config,
      now,
      resolvedById: actor.userId,
    });
    const after = await tx.bankEntry.update({ where: { id: before.id }, data: { outcome: "assigned", orderId } });
    await recordAudit(tx, {
      actor,
      action: "bank.exception.assign",
      subject: { type: "bank-entry", id: before.id },
      before: { outcome: before.outcome, iban: entryIban(before), problem: before.problem },
      after: { outcome: after.outcome, iban, orderId },
      at: now,
    });
    return after;
  });
  // The credit is minted now: the monitoring rules look at it after the commit (C67).
  if (entry.orderId) monitorAfterCommit([{ kind: "order", id: entry.orderId }], { clock });
  if (driveChain) {
    driveChainTransactions(config).catch((error: unknown) =>
      logger().warn({ err: error, entryId: entry.id }, "driving the chain queue after an assignment failed"),
    );
  }
  return bankEntryView(entry);
}
