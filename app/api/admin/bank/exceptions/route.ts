// GET /admin/bank/exceptions — credits that could not be minted (open) or were resolved, newest first
import { webSession } from "@/app/auth";
import { listExceptions } from "@/server/bank/exceptions/list-exceptions.ts";
import { LIST_EXCEPTIONS_RESPONSES } from "@/server/bank/operator/bank-operator.responses.ts";
import { listExceptionsQuery } from "@/server/bank/operator/bank-operator.schemas.ts";
import { pageReply } from "@/server/bank/operator/page-reply.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(
    webSession,
    "treasurer",
    { query: listExceptionsQuery, responses: LIST_EXCEPTIONS_RESPONSES },
    async ({ query, url }) => {
      const { exceptions, nextCursor } = await listExceptions(query);
      return pageReply(url, { exceptions }, nextCursor);
    },
  ),
});
