import { createHash } from "node:crypto";
import { parseRuleParameters, type RuleKey } from "./rule-parameters.ts";

/** A proposal for a rule: whether it runs and with what. */
export type RuleProposal = { enabled: boolean; parameters: Record<string, unknown> };

/** The SHA-256 of a proposal, parameters normalised: the same proposal has the same digest whatever its spelling. */
export function proposalDigest(key: RuleKey, proposal: { enabled: boolean; parameters: unknown }): string {
  const parameters = parseRuleParameters(key, proposal.parameters);
  return createHash("sha256")
    .update(JSON.stringify({ key, enabled: proposal.enabled, parameters }))
    .digest("hex");
}

/** Each rule's name, as a case and the console show it. */
export const RULE_NAMES: Record<RuleKey, string> = {
  "large-amount": "Large amount",
  "period-total": "Total in a period",
  structuring: "Structuring",
  "pass-through": "Pass-through",
  "new-profile-volume": "New profile moving large amounts",
  "high-risk-country": "High-risk country",
};

/** What each rule looks for, for the console beside its parameters. */
export const RULE_DESCRIPTIONS: Record<RuleKey, string> = {
  "large-amount": "One credit or redeem at or above the threshold.",
  "period-total": "A profile's credits, or its redeems, within the window reaching the threshold.",
  structuring: "Count or more credits (or redeems) within the window, each just under the threshold.",
  "pass-through": "A redeem of most of a credit soon after it: money in and out again.",
  "new-profile-volume": "A profile approved recently moving at least the threshold since its approval.",
  "high-risk-country": "A credit from, or a redeem to, an IBAN of a high-risk country (residency tier).",
};
