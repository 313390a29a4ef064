import type { AuditActor } from "../audit/record-audit.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Alert } from "./movement.ts";
import { isRuleKey, parseRuleParameters, ruleOf, type RuleKey } from "./rule-parameters.ts";
import type { HighRiskCheck } from "./rule-engine.ts";
import { proposalDigest } from "./rule-view.ts";
import { scanPeriod } from "./scan-period.ts";

const DAY = 86_400_000;

/** A rule's stored row, or NOT_FOUND for a key that names no rule. */
export async function storedRule(key: string) {
  if (!isRuleKey(key)) throw new AppError("NOT_FOUND", "No such monitoring rule");
  const prisma = await db();
  const row = await prisma.monitoringRule.findUnique({ where: { key } });
  if (!row) throw new AppError("NOT_FOUND", "No such monitoring rule");
  return { ...row, key };
}

async function alertsOf(key: RuleKey, enabled: boolean, parameters: unknown, span: Span): Promise<Alert[]> {
  if (!enabled) return [];
  return scanPeriod({ ...span, rules: [ruleOf(key, parameters)] });
}
type Span = { from: Date; until: Date; isHighRisk: HighRiskCheck };

/**
 * What a proposed change of a rule would have raised over the last `days` days, beside what the rule as it stands
 * raised: counts, the alerts only one side raises, and the first `sample` alerts of each. It changes no rule and
 * records no alert; it keeps only its receipt, which the change must name (`changeRule`).
 */
export async function dryRunRule(options: {
  key: string;
  enabled?: boolean;
  parameters: unknown;
  days?: number;
  now: Date;
  actor: AuditActor;
  isHighRisk: HighRiskCheck;
  sample?: number;
}) {
  const { now, days = 90, sample = 20 } = options;
  const current = await storedRule(options.key);
  const key = current.key;
  const enabled = options.enabled ?? current.enabled;
  const parameters = parseRuleParameters(key, options.parameters);
  const span = { from: new Date(now.getTime() - days * DAY), until: now, isHighRisk: options.isHighRisk };
  const before = await alertsOf(key, current.enabled, current.parameters, span);
  const after = await alertsOf(key, enabled, parameters, span);
  const beforeKeys = new Set(before.map((a) => a.alertKey));
  const afterKeys = new Set(after.map((a) => a.alertKey));
  const prisma = await db();
  const receipt = await prisma.monitoringDryRun.create({
    data: {
      ruleKey: key,
      digest: proposalDigest(key, { enabled, parameters }),
      currentDigest: proposalDigest(key, { enabled: current.enabled, parameters: current.parameters }),
      proposal: { enabled, parameters },
      from: span.from,
      until: span.until,
      currentCount: before.length,
      proposedCount: after.length,
      createdAt: now,
      createdById: options.actor.userId,
    },
  });
  return {
    dryRunId: receipt.id,
    key,
    from: span.from.toISOString(),
    until: span.until.toISOString(),
    current: {
      enabled: current.enabled,
      parameters: current.parameters as Record<string, unknown>,
      count: before.length,
      alerts: before.slice(0, sample),
    },
    proposed: { enabled, parameters, count: after.length, alerts: after.slice(0, sample) },
    /** Raised only under the proposal, and only under the current rule. */
    added: after.filter((a) => !beforeKeys.has(a.alertKey)).length,
    dropped: before.filter((a) => !afterKeys.has(a.alertKey)).length,
  };
}
