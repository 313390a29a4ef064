import { formatAmount } from "../money/amount.ts";
import { refOf, type Alert, type Movement, type ProfileFacts } from "./movement.ts";
import type { Rule } from "./rule-parameters.ts";

/*
 * The rules themselves, over data in memory: no database, no clock. `earlier` holds the profile's movements in the
 * same currency that come before the subject (`compareMovements`), at least as far back as the rule's window. A
 * window of N days ending at the subject includes a movement exactly N days before it.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type RuleContext = { profile: ProfileFacts; highRiskCountry: boolean };

// Orders and credits keep the token's currency in lower case (`eur`); an explanation reads as an officer writes it.
const money = (minor: bigint, currency: string) => `${formatAmount(minor)} ${currency.toUpperCase()}`;
const sum = (ms: Movement[]) => ms.reduce((total, m) => total + m.amountMinor, 0n);
const since = (ms: Movement[], from: number) => ms.filter((m) => m.at.getTime() >= from);

export function evaluateRule(rule: Rule, subject: Movement, earlier: Movement[], context: RuleContext): Alert | null {
  const at = subject.at.getTime();
  const c = subject.currency;
  const raise = (from: number, related: Movement[], explanation: string): Alert => ({
    alertKey: `${rule.key}:${refOf(subject)}`,
    ruleKey: rule.key,
    profileId: subject.profileId,
    subject: { kind: subject.kind, id: subject.id },
    amount: formatAmount(subject.amountMinor),
    currency: c,
    explanation,
    window: { from: new Date(from).toISOString(), until: subject.at.toISOString() },
    related: related.map(refOf),
  });
  const what = subject.direction === "in" ? "received" : "redeemed";
  switch (rule.key) {
    case "large-amount": {
      if (subject.amountMinor < rule.threshold) return null;
      return raise(
        at,
        [],
        `One movement of ${money(subject.amountMinor, c)} ${what}, at or above the threshold of ${money(rule.threshold, c)}`,
      );
    }
    case "period-total": {
      // Raised by the movement that brings the total to the threshold, not by every one after it.
      const from = at - rule.windowDays * DAY;
      const before = since(earlier, from).filter((m) => m.direction === subject.direction);
      const total = sum(before) + subject.amountMinor;
      if (total < rule.threshold || total - subject.amountMinor >= rule.threshold) return null;
      return raise(
        from,
        before,
        `${money(total, c)} ${what} in ${before.length + 1} movements within ${rule.windowDays} days, reaching the threshold of ${money(rule.threshold, c)}`,
      );
    }
    case "structuring": {
      const inBand = (m: Movement) =>
        m.amountMinor < rule.threshold && m.amountMinor * 100n >= rule.threshold * BigInt(rule.lowerPercent);
      if (!inBand(subject)) return null;
      const from = at - rule.windowDays * DAY;
      const band = since(earlier, from).filter((m) => m.direction === subject.direction && inBand(m));
      if (band.length + 1 < rule.count) return null;
      return raise(
        from,
        band,
        `${band.length + 1} movements ${what} within ${rule.windowDays} days each from ${rule.lowerPercent}% of ${money(rule.threshold, c)} up to it (this one ${money(subject.amountMinor, c)})`,
      );
    }
    case "pass-through": {
      if (subject.direction !== "out") return null;
      const from = at - rule.windowHours * HOUR;
      const credits = since(earlier, from).filter(
        (m) =>
          m.direction === "in" &&
          m.amountMinor >= rule.minimumCredit &&
          subject.amountMinor * 100n >= m.amountMinor * BigInt(rule.redeemPercent),
      );
      const first = credits[0];
      if (!first) return null;
      return raise(
        from,
        credits,
        `${money(subject.amountMinor, c)} redeemed ${hoursBetween(first.at.getTime(), at)} after a credit of ${money(first.amountMinor, c)}: at least ${rule.redeemPercent}% of it within ${rule.windowHours} hours`,
      );
    }
    case "new-profile-volume": {
      const approvedAt = context.profile.approvedAt?.getTime();
      if (approvedAt === undefined || at < approvedAt || at >= approvedAt + rule.profileAgeDays * DAY) return null;
      const before = since(earlier, approvedAt);
      const total = sum(before) + subject.amountMinor;
      if (total < rule.threshold || total - subject.amountMinor >= rule.threshold) return null;
      return raise(
        approvedAt,
        before,
        `${money(total, c)} moved in ${before.length + 1} movements by a profile approved ${hoursBetween(approvedAt, at)} ago (new for ${rule.profileAgeDays} days), reaching ${money(rule.threshold, c)}`,
      );
    }
    case "high-risk-country": {
      if (!context.highRiskCountry || subject.amountMinor < rule.minimumAmount) return null;
      const party = subject.direction === "in" ? "debtor's" : "counterpart's";
      return raise(
        at,
        [],
        `${money(subject.amountMinor, c)} ${what}; the ${party} IBAN is of ${subject.ibanCountry}, a high-risk country`,
      );
    }
  }
}

function hoursBetween(from: number, until: number): string {
  const hours = Math.floor((until - from) / HOUR);
  return hours >= 48 ? `${Math.floor(hours / 24)} days` : `${hours} hours`;
}

/** How far back a rule looks from the movement it evaluates, in milliseconds (new profiles: from their approval). */
export function lookbackMs(rule: Rule): number {
  switch (rule.key) {
    case "period-total":
    case "structuring":
      return rule.windowDays * DAY;
    case "pass-through":
      return rule.windowHours * HOUR;
    case "new-profile-volume":
      return rule.profileAgeDays * DAY;
    default:
      return 0;
  }
}
