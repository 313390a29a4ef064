// POST /admin/bank/exceptions/{id}/return — send an unmatched credit back to its sender (once, audited)
import { webSession } from "@/app/auth";
import { returnException } from "@/server/bank/exceptions/return-exception.ts";
import { bankEntryResponse, RESOLVE_REFUSALS } from "@/server/bank/operator/bank-operator.responses.ts";
import { returnExceptionSchema } from "@/server/bank/operator/bank-operator.schemas.ts";
import { getConfig } from "@/server/config.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";

const params = pathParams("id");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    { params, body: returnExceptionSchema, responses: { 200: bankEntryResponse }, refusals: RESOLVE_REFUSALS },
    ({ params, body, operator }) =>
      returnException({ entryId: params.id, reason: body.reason, actor: operator, config: getConfig() }),
  ),
});
