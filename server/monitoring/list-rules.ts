import { db } from "../db/client.ts";
import { ruleView } from "./change-rule.ts";
import { isRuleKey, RULE_KEYS } from "./rule-parameters.ts";
import { RULE_DESCRIPTIONS } from "./rule-view.ts";

/** Every monitoring rule with its parameters and what it looks for, in the order of `RULE_KEYS`. */
export async function listRules() {
  const prisma = await db();
  const rows = await prisma.monitoringRule.findMany();
  return rows
    .flatMap((row) => (isRuleKey(row.key) ? [{ ...ruleView(row), description: RULE_DESCRIPTIONS[row.key] }] : []))
    .sort((a, b) => RULE_KEYS.indexOf(a.key as never) - RULE_KEYS.indexOf(b.key as never));
}
