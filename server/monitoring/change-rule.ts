import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { storedRule } from "./dry-run-rule.ts";
import { parseRuleParameters } from "./rule-parameters.ts";
import { proposalDigest } from "./rule-view.ts";

/** A dry run older than this is stale: the data it looked at has moved on. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DRY_RUN_VALID_MS = 24 * 3_600_000;

/**
 * Changes a rule's parameters (and whether it runs), only with the receipt of a dry run of exactly that proposal
 * against the rule as it still stands, made in the last day and not used before. Audit-logged in the same
 * transaction; the next evaluation uses the new parameters.
 */
export async function changeRule(options: {
  key: string;
  enabled?: boolean;
  parameters: unknown;
  dryRunId?: string;
  actor: AuditActor;
  now: Date;
}) {
  const { now, actor } = options;
  const found = await storedRule(options.key);
  const key = found.key;
  const enabled = options.enabled ?? found.enabled;
  const parameters = parseRuleParameters(key, options.parameters);
  const digest = proposalDigest(key, { enabled, parameters });
  if (!options.dryRunId) {
    throw new AppError("CONFLICT", "A rule changes only after a dry run of the change: run one first", {
      dryRunId: "missing: dry-run these parameters first",
    });
  }
  const refuse = (why: string) => new AppError("CONFLICT", why, { dryRunId: why });
  if (!UUID.test(options.dryRunId)) throw refuse("no dry run of this rule has that id");
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "MonitoringRule" WHERE key = ${key} FOR UPDATE`;
    const rule = await tx.monitoringRule.findUniqueOrThrow({ where: { key } });
    const run = await tx.monitoringDryRun.findFirst({ where: { id: options.dryRunId, ruleKey: key } });
    if (!run) throw refuse("no dry run of this rule has that id");
    if (run.digest !== digest) throw refuse("the dry run was of other parameters: dry-run these");
    if (run.currentDigest !== proposalDigest(key, { enabled: rule.enabled, parameters: rule.parameters })) {
      throw refuse("the rule changed since the dry run: run it again");
    }
    if (run.usedAt) throw refuse("that dry run has already applied a change");
    if (now.getTime() - run.createdAt.getTime() > DRY_RUN_VALID_MS) throw refuse("the dry run is older than a day");
    await tx.monitoringDryRun.update({ where: { id: run.id }, data: { usedAt: now } });
    const updated = await tx.monitoringRule.update({
      where: { key },
      data: { enabled, parameters, updatedAt: now, updatedById: actor.userId },
    });
    await recordAudit(tx, {
      actor,
      action: "monitoring.rule.change",
      subject: { type: "monitoring-rule", id: rule.id },
      before: { key, enabled: rule.enabled, parameters: rule.parameters as object },
      after: {
        key,
        enabled,
        parameters,
        dryRunId: run.id,
        currentCount: run.currentCount,
        proposedCount: run.proposedCount,
      },
      at: now,
    });
    return ruleView(updated);
  });
}

/** A rule as the console shows it. */
export function ruleView(row: {
  key: string;
  enabled: boolean;
  parameters: unknown;
  updatedAt: Date;
  updatedById: string | null;
}) {
  return {
    key: row.key,
    enabled: row.enabled,
    parameters: row.parameters as Record<string, unknown>,
    updatedAt: row.updatedAt.toISOString(),
    updatedById: row.updatedById,
  };
}
