import { evaluateRule, lookbackMs } from "./evaluate-rules.ts";
import { compareMovements, type Alert, type Movement, type ProfileFacts } from "./movement.ts";
import type { Rule } from "./rule-parameters.ts";

/** Whether a country is high risk for residency: the countries' tiers (`server/countries/`), injected. */
export type HighRiskCheck = (code: string, kind: "residency") => Promise<boolean>;

/**
 * Runs `rules` over every movement of `movements` that falls in `[from, until]`, each against the movements of the
 * same profile and currency before it. `movements` must reach back the longest lookback before `from`.
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
  const { rules, facts, isHighRisk } = options;
  const risky = new Map<string, Promise<boolean>>();
  const highRisk = (code: string | null) => {
    if (code === null || !rules.some((r) => r.key === "high-risk-country")) return Promise.resolve(false);
    let known = risky.get(code);
    if (!known) risky.set(code, (known = isHighRisk(code, "residency")));
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
    for (const [index, subject] of group.entries()) {
      const at = subject.at.getTime();
      if (at < options.from.getTime() || at > options.until.getTime()) continue;
      if (options.only && !options.only(subject)) continue;
      const context = {
        profile: facts.get(subject.profileId) ?? { approvedAt: null },
        highRiskCountry: await highRisk(subject.ibanCountry),
      };
      for (const rule of rules) {
        const from = at - lookbackMs(rule);
        const earlier = group.slice(0, index).filter((m) => m.at.getTime() >= from);
        const alert = evaluateRule(rule, subject, earlier, context);
        if (alert) alerts.push(alert);
      }
    }
  }
  return alerts;
}

/** The longest a set of rules looks back, in milliseconds. */
export const longestLookback = (rules: Rule[]) => Math.max(0, ...rules.map(lookbackMs));
