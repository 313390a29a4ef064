import { db } from "../db/client.ts";
import { loadMovements, loadProfileFacts } from "./load-movements.ts";
import type { Alert } from "./movement.ts";
import { ruleOf, isRuleKey, type Rule } from "./rule-parameters.ts";
import { longestLookback, runRules, type HighRiskCheck } from "./rule-engine.ts";

/** The enabled rules as stored, ready to evaluate. */
export async function activeRules(): Promise<Rule[]> {
  const prisma = await db();
  const rows = await prisma.monitoringRule.findMany({ where: { enabled: true }, orderBy: { key: "asc" } });
  return rows.flatMap((row) => (isRuleKey(row.key) ? [ruleOf(row.key, row.parameters)] : []));
}

/**
 * Every alert `rules` (by default the enabled rules) raise on the movements from `from` to `until`, reading the
 * movements before `from` that their windows reach. Writes nothing: the dry run and the nightly sweep use it.
 */
export async function scanPeriod(options: {
  from: Date;
  until: Date;
  rules?: Rule[];
  isHighRisk: HighRiskCheck;
}): Promise<Alert[]> {
  const rules = options.rules ?? (await activeRules());
  if (rules.length === 0) return [];
  const prisma = await db();
  const movements = await loadMovements(prisma, {
    from: new Date(options.from.getTime() - longestLookback(rules)),
    until: options.until,
  });
  const facts = await loadProfileFacts(prisma, [...new Set(movements.map((m) => m.profileId))]);
  return runRules({
    rules,
    movements,
    facts,
    from: options.from,
    until: options.until,
    isHighRisk: options.isHighRisk,
  });
}
