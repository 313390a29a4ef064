import { z } from "zod";
import { MAX_ID, tooLong } from "../limits.ts";

/*
 * Requests of the monitoring routes. The parameters themselves are checked by the rule's own schema
 * (`rule-parameters.ts`), which names each field; here only their size is bounded.
 */

export const ruleParams = z.object({
  key: z.string().max(40, tooLong(40)),
});

const parameters = z
  .record(z.string().max(40, tooLong(40)), z.unknown(), { error: "must be an object" })
  .refine((value) => Object.keys(value).length <= 20, "has too many fields")
  .refine((value) => JSON.stringify(value).length <= 2000, "is too large")
  .meta({ description: "The rule's parameters, as `GET /admin/monitoring/rules` shows them" });

export const dryRunBody = z.strictObject({
  enabled: z.boolean({ error: "must be true or false" }).optional(),
  parameters,
  days: z
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be from 1 to 366")
    .max(366, "must be from 1 to 366")
    .optional(),
});

export const changeRuleBody = z.strictObject({
  enabled: z.boolean({ error: "must be true or false" }).optional(),
  parameters,
  dryRunId: z.string().max(MAX_ID, tooLong(MAX_ID)).meta({ description: "The dry run of exactly this change" }),
});
