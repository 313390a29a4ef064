// POST /admin/monitoring/rules/{key}/dry-run — what a proposed change would have raised over the last days
import { webSession } from "@/app/auth";
import { serverClock } from "@/server/clock.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { countryRisk } from "@/server/monitoring/country-risk.ts";
import { dryRunRule } from "@/server/monitoring/dry-run-rule.ts";
import { DRY_RUN_REFUSALS, DRY_RUN_RESPONSES } from "@/server/monitoring/monitoring.responses.ts";
import { dryRunBody, ruleParams } from "@/server/monitoring/monitoring.schemas.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    "compliance",
    { params: ruleParams, body: dryRunBody, responses: DRY_RUN_RESPONSES, refusals: DRY_RUN_REFUSALS },
    ({ params, body, operator }) =>
      dryRunRule({ key: params.key, ...body, now: serverClock(), actor: operator, isHighRisk: countryRisk }),
  ),
});
