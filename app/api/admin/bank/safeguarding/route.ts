// GET /admin/bank/safeguarding — per statement day, the bank's balance beside what the ledger says must be there
import { webSession } from "@/app/auth";
import { SAFEGUARDING_RESPONSES } from "@/server/bank/operator/bank-operator.responses.ts";
import { pageQuery } from "@/server/bank/operator/bank-operator.schemas.ts";
import { listSafeguardingDays } from "@/server/bank/reconcile/list-safeguarding-days.ts";
import { pageReply } from "@/server/bank/operator/page-reply.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(
    webSession,
    "treasurer",
    { query: pageQuery, responses: SAFEGUARDING_RESPONSES },
    async ({ query, url }) => {
      const { days, nextCursor } = await listSafeguardingDays({ cursor: query.cursor, limit: query.limit });
      return pageReply(url, { days }, nextCursor);
    },
  ),
});
