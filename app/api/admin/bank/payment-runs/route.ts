// POST /admin/bank/payment-runs — write a payment file now with every payout waiting for one
import { sessionUserId } from "@/app/auth";
import { PAYMENT_RUN_RESPONSES } from "@/server/bank/operator/bank-operator.responses.ts";
import { operatorPaymentRun } from "@/server/bank/operator/payment-files.ts";
import { getConfig } from "@/server/config.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { OPERATOR_WRITE } from "@/server/users/operator.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(sessionUserId, { responses: PAYMENT_RUN_RESPONSES, refusals: OPERATOR_WRITE }, ({ operator }) =>
    operatorPaymentRun({ actor: operator, config: getConfig() }),
  ),
});
