// PUT /admin/monitoring/rules/{key} — change a rule, naming the dry run of exactly this change
import { webSession } from "@/app/auth";
import { serverClock } from "@/server/clock.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { changeRule } from "@/server/monitoring/change-rule.ts";
import { CHANGE_RULE_REFUSALS, CHANGE_RULE_RESPONSES } from "@/server/monitoring/monitoring.responses.ts";
import { changeRuleBody, ruleParams } from "@/server/monitoring/monitoring.schemas.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PUT: withOperator(
    webSession,
    "compliance",
    { params: ruleParams, body: changeRuleBody, responses: CHANGE_RULE_RESPONSES, refusals: CHANGE_RULE_REFUSALS },
    ({ params, body, operator }) => changeRule({ key: params.key, ...body, actor: operator, now: serverClock() }),
  ),
});
