import { z } from "zod";
import type { Responses } from "../contract/operation.ts";
import { OPERATOR_WRITE } from "../users/operator.responses.ts";
import { RULE_KEYS } from "./rule-parameters.ts";

const when = z.iso.datetime();
const parameters = z.record(z.string(), z.unknown());

export const ruleResponse = z
  .object({
    key: z.enum(RULE_KEYS),
    enabled: z.boolean(),
    parameters,
    updatedAt: when,
    updatedById: z.uuid().nullable(),
  })
  .meta({ id: "MonitoringRule" });

export const alertResponse = z
  .object({
    alertKey: z.string(),
    ruleKey: z.enum(RULE_KEYS),
    profileId: z.uuid(),
    subject: z.object({ kind: z.enum(["order", "credit"]), id: z.uuid() }),
    amount: z.string(),
    currency: z.string(),
    explanation: z.string(),
    window: z.object({ from: when, until: when }),
    related: z.array(z.string()),
  })
  .meta({ id: "MonitoringAlert" });

const side = z.object({ enabled: z.boolean(), parameters, count: z.number().int(), alerts: z.array(alertResponse) });

export const dryRunResponse = z
  .object({
    dryRunId: z.uuid(),
    key: z.enum(RULE_KEYS),
    from: when,
    until: when,
    current: side,
    proposed: side,
    added: z.number().int().meta({ description: "Alerts only the proposal raises" }),
    dropped: z.number().int().meta({ description: "Alerts only the current rule raises" }),
  })
  .meta({ id: "MonitoringDryRun" });

export const LIST_RULES_RESPONSES: Responses = {
  200: {
    description: "Every monitoring rule with its parameters",
    body: z
      .object({ rules: z.array(ruleResponse.extend({ description: z.string() })) })
      .meta({ id: "MonitoringRules" }),
  },
};
export const DRY_RUN_RESPONSES: Responses = {
  200: { description: "What the proposal would have raised beside the rule as it stands", body: dryRunResponse },
};
export const CHANGE_RULE_RESPONSES: Responses = {
  200: { description: "The rule as changed", body: ruleResponse },
};
export const DRY_RUN_REFUSALS = {
  ...OPERATOR_WRITE,
  503: "The rule needs the country risk tiers, which are not available",
};
export const CHANGE_RULE_REFUSALS = {
  ...OPERATOR_WRITE,
  409: "No dry run of exactly this change against the rule as it stands, or it was used or is older than a day",
};
