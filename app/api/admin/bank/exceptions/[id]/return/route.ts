// POST /admin/bank/exceptions/{id}/return — send an unmatched credit back to its sender (once, audited; four eyes)
import { webSession } from "@/app/auth";
import { returnException } from "@/server/bank/exceptions/return-exception.ts";
import { bankEntryResponse, RESOLVE_REFUSALS } from "@/server/bank/operator/bank-operator.responses.ts";
import { returnExceptionSchema } from "@/server/bank/operator/bank-operator.schemas.ts";
import { awaitingApprovalResponse } from "@/server/approvals/approval.responses.ts";
import { getConfig } from "@/server/config.ts";
import { Reply } from "@/server/contract/reply.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";

const params = pathParams("id");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    "treasurer",
    {
      params,
      body: returnExceptionSchema,
      responses: { 200: bankEntryResponse, 202: awaitingApprovalResponse },
      refusals: RESOLVE_REFUSALS,
    },
    async ({ params, body, operator }) => {
      const outcome = await returnException({
        entryId: params.id,
        reason: body.reason,
        actor: operator,
        config: getConfig(),
      });
      // 202 while the return waits for a second operator (four eyes), 200 once returned.
      return "approval" in outcome ? new Reply(202, outcome) : outcome.entry;
    },
  ),
});
