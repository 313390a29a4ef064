import { formatAmount } from "../money/amount.ts";
import { refOf, type Alert, type Movement, type ProfileFacts } from "./movement.ts";
import type { Rule } from "./rule-parameters.ts";

/*
 * The rules themselves, over data in memory: no database, no clock. Each rule sweeps one profile's movements in one
 * currency once, in order (`compareMovements`), keeping what its window holds as it goes: a movement's window is the
 * movements before it back to the rule's lookback, and a window of N days ending at the movement includes one exactly
 * N days before it. Totals and counts move in and out of the window, so a sweep is linear in the movements however
 * many its windows hold (a profile with a year of history and a 366-day window included); only an alert raised lists
 * the movements it counted.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What a sweep is given: the group's movements in order, which of them to evaluate, and their profile's facts. */
export type Sweep = {
  group: Movement[];
  isSubject: (index: number) => boolean;
  profile: ProfileFacts;
};

/** Whether a country is high risk for residency: the countries' tiers (`server/countries/`), injected. */
export type HighRiskCheck = (code: string, kind: "residency") => Promise<boolean>;

// Orders and credits keep the token's currency in lower case (`eur`); an explanation reads as an officer writes it.
const money = (minor: bigint, currency: string) => `${formatAmount(minor)} ${currency.toUpperCase()}`;
const what = (m: Movement) => (m.direction === "in" ? "received" : "redeemed");

function raise(rule: Rule, subject: Movement, from: number, related: Movement[], explanation: string): Alert {
  return {
    alertKey: `${rule.key}:${refOf(subject)}`,
    ruleKey: rule.key,
    profileId: subject.profileId,
    subject: { kind: subject.kind, id: subject.id },
    amount: formatAmount(subject.amountMinor),
    currency: subject.currency,
    explanation,
    window: { from: new Date(from).toISOString(), until: subject.at.toISOString() },
    related: related.map(refOf),
  };
}

/**
 * The window trailing each movement of `group` in turn: `[lo, index)`, the movements before it that are no more than
 * `span` milliseconds older. `enter` and `leave` are told of each movement as the window takes it in and lets it go.
 */
function* trailing(
  group: Movement[],
  span: number,
  enter: (m: Movement, index: number) => void = () => {},
  leave: (m: Movement, index: number) => void = () => {},
): Generator<{ index: number; lo: number; from: number }> {
  let lo = 0;
  for (let index = 0; index < group.length; index++) {
    if (index > 0) enter(group[index - 1]!, index - 1);
    const from = group[index]!.at.getTime() - span;
    while (lo < index && group[lo]!.at.getTime() < from) leave(group[lo]!, lo++);
    yield { index, lo, from };
  }
}

/**
 * The alerts `rule` raises on the subjects of one sweep, each with the index of its subject. The high-risk country
 * rule is `sweepHighRisk`'s: it asks about countries, which takes a look-up.
 */
export function sweepRule(rule: Exclude<Rule, { key: "high-risk-country" }>, sweep: Sweep): [number, Alert][] {
  const { group, isSubject } = sweep;
  const alerts: [number, Alert][] = [];
  switch (rule.key) {
    case "large-amount": {
      group.forEach((subject, index) => {
        if (!isSubject(index) || subject.amountMinor < rule.threshold) return;
        const c = subject.currency;
        const explanation = `One movement of ${money(subject.amountMinor, c)} ${what(subject)}, at or above the threshold of ${money(rule.threshold, c)}`;
        alerts.push([index, raise(rule, subject, subject.at.getTime(), [], explanation)]);
      });
      return alerts;
    }
    case "period-total": {
      // Raised by the movement that brings the total to the threshold, not by every one after it.
      const totals = { in: 0n, out: 0n };
      const windows = trailing(
        group,
        rule.windowDays * DAY,
        (m) => (totals[m.direction] += m.amountMinor),
        (m) => (totals[m.direction] -= m.amountMinor),
      );
      for (const { index, lo, from } of windows) {
        const subject = group[index]!;
        const before = totals[subject.direction];
        const total = before + subject.amountMinor;
        if (!isSubject(index) || total < rule.threshold || before >= rule.threshold) continue;
        const counted = group.slice(lo, index).filter((m) => m.direction === subject.direction);
        const c = subject.currency;
        const explanation = `${money(total, c)} ${what(subject)} in ${counted.length + 1} movements within ${rule.windowDays} days, reaching the threshold of ${money(rule.threshold, c)}`;
        alerts.push([index, raise(rule, subject, from, counted, explanation)]);
      }
      return alerts;
    }
    case "structuring": {
      const inBand = (m: Movement) =>
        m.amountMinor < rule.threshold && m.amountMinor * 100n >= rule.threshold * BigInt(rule.lowerPercent);
      const counts = { in: 0, out: 0 };
      const windows = trailing(
        group,
        rule.windowDays * DAY,
        (m) => {
          if (inBand(m)) counts[m.direction]++;
        },
        (m) => {
          if (inBand(m)) counts[m.direction]--;
        },
      );
      for (const { index, lo, from } of windows) {
        const subject = group[index]!;
        if (!isSubject(index) || !inBand(subject) || counts[subject.direction] + 1 < rule.count) continue;
        const band = group.slice(lo, index).filter((m) => m.direction === subject.direction && inBand(m));
        const c = subject.currency;
        const explanation = `${band.length + 1} movements ${what(subject)} within ${rule.windowDays} days each from ${rule.lowerPercent}% of ${money(rule.threshold, c)} up to it (this one ${money(subject.amountMinor, c)})`;
        alerts.push([index, raise(rule, subject, from, band, explanation)]);
      }
      return alerts;
    }
    case "pass-through": {
      // The window's credits large enough to count, as a queue whose first is the smallest of them (each one in it
      // is smaller than those after it): a redeem passes a credit through when it is large enough against that one.
      const counts = (m: Movement) => m.direction === "in" && m.amountMinor >= rule.minimumCredit;
      const smallest: number[] = [];
      let head = 0;
      const windows = trailing(
        group,
        rule.windowHours * HOUR,
        (m, index) => {
          if (!counts(m)) return;
          while (smallest.length > head && group[smallest.at(-1)!]!.amountMinor >= m.amountMinor) smallest.pop();
          smallest.push(index);
        },
        (_, index) => {
          if (smallest[head] === index) head++;
        },
      );
      const passes = (subject: Movement, credit: Movement) =>
        subject.amountMinor * 100n >= credit.amountMinor * BigInt(rule.redeemPercent);
      for (const { index, lo, from } of windows) {
        const subject = group[index]!;
        if (!isSubject(index) || subject.direction !== "out" || head === smallest.length) continue;
        if (!passes(subject, group[smallest[head]!]!)) continue;
        const credits = group.slice(lo, index).filter((m) => counts(m) && passes(subject, m));
        const first = credits[0]!;
        const c = subject.currency;
        const explanation = `${money(subject.amountMinor, c)} redeemed ${hoursBetween(first.at.getTime(), subject.at.getTime())} after a credit of ${money(first.amountMinor, c)}: at least ${rule.redeemPercent}% of it within ${rule.windowHours} hours`;
        alerts.push([index, raise(rule, subject, from, credits, explanation)]);
      }
      return alerts;
    }
    case "new-profile-volume": {
      const approvedAt = sweep.profile.approvedAt?.getTime();
      if (approvedAt === undefined) return alerts;
      let total = 0n;
      let first = group.length;
      group.forEach((subject, index) => {
        const at = subject.at.getTime();
        if (at < approvedAt) return;
        first = Math.min(first, index);
        const before = total;
        total += subject.amountMinor;
        if (!isSubject(index) || at >= approvedAt + rule.profileAgeDays * DAY) return;
        if (total < rule.threshold || before >= rule.threshold) return;
        const counted = group.slice(first, index);
        const c = subject.currency;
        const explanation = `${money(total, c)} moved in ${counted.length + 1} movements by a profile approved ${hoursBetween(approvedAt, at)} ago (new for ${rule.profileAgeDays} days), reaching ${money(rule.threshold, c)}`;
        alerts.push([index, raise(rule, subject, approvedAt, counted, explanation)]);
      });
      return alerts;
    }
  }
}

/** The high-risk country rule over one sweep: a subject's IBAN country is worked out only when its amount counts. */
export async function sweepHighRisk(
  rule: Extract<Rule, { key: "high-risk-country" }>,
  sweep: Sweep,
  isHighRisk: (code: string) => Promise<boolean>,
): Promise<[number, Alert][]> {
  const alerts: [number, Alert][] = [];
  for (const [index, subject] of sweep.group.entries()) {
    if (!sweep.isSubject(index) || subject.amountMinor < rule.minimumAmount) continue;
    const country = subject.ibanCountry;
    if (country === null || !(await isHighRisk(country))) continue;
    const party = subject.direction === "in" ? "debtor's" : "counterpart's";
    const explanation = `${money(subject.amountMinor, subject.currency)} ${what(subject)}; the ${party} IBAN is of ${country}, a high-risk country`;
    alerts.push([index, raise(rule, subject, subject.at.getTime(), [], explanation)]);
  }
  return alerts;
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
