// POST /admin/operators/{operator}/disable — disable an operator: their session reaches nothing of the console from now on
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { CHANGE_OPERATOR_REFUSALS, operatorResponse } from "@/server/operators/operator.responses.ts";
import { setOperatorEnabled } from "@/server/operators/set-operator-enabled.ts";
import { OPERATOR_WRITE } from "@/server/users/operator.responses.ts";

const params = pathParams("operator");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    "admin",
    { params, responses: { 200: operatorResponse }, refusals: { ...OPERATOR_WRITE, ...CHANGE_OPERATOR_REFUSALS } },
    ({ params, operator }) => setOperatorEnabled({ userId: params.operator, enabled: false, actor: operator }),
  ),
});
