// GET /admin/bank/payment-runs — what the next run would take; POST — write payment files now with every payout waiting
import { webSession } from "@/app/auth";
import { PAYMENT_RUN_RESPONSES, waitingPayoutsResponse } from "@/server/bank/operator/bank-operator.responses.ts";
import { operatorPaymentRun, waitingPayouts } from "@/server/bank/operator/payment-files.ts";
import { getConfig } from "@/server/config.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { OPERATOR_WRITE } from "@/server/users/operator.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(webSession, "treasurer", { responses: { 200: waitingPayoutsResponse } }, () => waitingPayouts()),
  POST: withOperator(
    webSession,
    "treasurer",
    { responses: PAYMENT_RUN_RESPONSES, refusals: OPERATOR_WRITE },
    ({ operator }) => operatorPaymentRun({ actor: operator, config: getConfig() }),
  ),
});
