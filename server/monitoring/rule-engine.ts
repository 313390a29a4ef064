import { lookbackMs, sweepHighRisk, sweepRule, type HighRiskCheck, type Sweep } from "./evaluate-rules.ts";
import { compareMovements, type Alert, type Movement, type ProfileFacts } from "./movement.ts";
import type { Rule } from "./rule-parameters.ts";

export type { HighRiskCheck } from "./evaluate-rules.ts";

/**
 * Runs `rules` over every movement of `movements` that falls in `[from, until]`, each against the movements of the
 * same profile and currency before it. `movements` must reach back the longest lookback before `from`. Each rule
 * sweeps each profile's movements once (./evaluate-rules.ts); the alerts come subject by subject, in the rules' order.
 */
export async function runRules(options: {
  rules: Rule[];
  movements: Movement[];
  facts: Map<string, ProfileFacts>;
  from: Date;
  until: Date;
  isHighRisk: HighRiskCheck;
  only?: (m: Movement) => boolean;
}): Promise<Alert[]> {
  const { rules, facts } = options;
  const risky = new Map<string, Promise<boolean>>();
  const isHighRisk = (code: string) => {
    let known = risky.get(code);
    if (!known) risky.set(code, (known = options.isHighRisk(code, "residency")));
    return known;
  };
  const groups = new Map<string, Movement[]>();
  for (const m of options.movements) {
    const key = `${m.profileId}|${m.currency}`;
    const group = groups.get(key) ?? [];
    group.push(m);
    groups.set(key, group);
  }
  const alerts: Alert[] = [];
  for (const group of groups.values()) {
    group.sort(compareMovements);
    const subjects = group.map((m) => {
      const at = m.at.getTime();
      return at >= options.from.getTime() && at <= options.until.getTime() && (options.only?.(m) ?? true);
    });
    const sweep: Sweep = {
      group,
      isSubject: (index) => subjects[index]!,
      profile: facts.get(group[0]!.profileId) ?? { approvedAt: null },
    };
    const raised: Alert[][] = [];
    for (const rule of rules) {
      const found =
        rule.key === "high-risk-country" ? await sweepHighRisk(rule, sweep, isHighRisk) : sweepRule(rule, sweep);
      for (const [index, alert] of found) (raised[index] ??= []).push(alert);
    }
    for (const subjectAlerts of raised) if (subjectAlerts) alerts.push(...subjectAlerts);
  }
  return alerts;
}

/** The longest a set of rules looks back, in milliseconds. */
export const longestLookback = (rules: Rule[]) => Math.max(0, ...rules.map(lookbackMs));
