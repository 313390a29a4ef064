// POST /admin/bank/files/{id}/release — release a written payment file to the bank
import { webSession } from "@/app/auth";
import { RELEASE_REFUSALS, RELEASE_RESPONSES } from "@/server/bank/operator/bank-operator.responses.ts";
import { operatorReleasePaymentFile } from "@/server/bank/operator/payment-files.ts";
import { getConfig } from "@/server/config.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";

const params = pathParams("id");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    "treasurer",
    { params, responses: RELEASE_RESPONSES, refusals: RELEASE_REFUSALS },
    ({ params, operator }) => operatorReleasePaymentFile({ fileId: params.id, actor: operator, config: getConfig() }),
  ),
});
