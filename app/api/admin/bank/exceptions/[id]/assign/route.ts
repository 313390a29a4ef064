// POST /admin/bank/exceptions/{id}/assign — mint an unmatched credit to an IBAN of ours (once, audited)
import { webSession } from "@/app/auth";
import { assignException } from "@/server/bank/exceptions/assign-exception.ts";
import { bankEntryResponse, RESOLVE_REFUSALS } from "@/server/bank/operator/bank-operator.responses.ts";
import { assignExceptionSchema } from "@/server/bank/operator/bank-operator.schemas.ts";
import { getConfig } from "@/server/config.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";

const params = pathParams("id");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    "treasurer",
    { params, body: assignExceptionSchema, responses: { 200: bankEntryResponse }, refusals: RESOLVE_REFUSALS },
    ({ params, body, operator }) =>
      assignException({ entryId: params.id, iban: body.iban, actor: operator, config: getConfig() }),
  ),
});
