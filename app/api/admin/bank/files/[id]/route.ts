// GET /admin/bank/files/{id} — a bank file and a page of its import report (or its payouts)
import { webSession } from "@/app/auth";
import { BANK_FILE_RESPONSES } from "@/server/bank/operator/bank-operator.responses.ts";
import { pageQuery } from "@/server/bank/operator/bank-operator.schemas.ts";
import { pageReply } from "@/server/bank/operator/page-reply.ts";
import { readBankFile } from "@/server/bank/operator/read-bank-file.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";

const params = pathParams("id");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(
    webSession,
    "treasurer",
    { params, query: pageQuery, responses: BANK_FILE_RESPONSES },
    async ({ params, query, url }) => {
      const { nextCursor, ...detail } = await readBankFile({ id: params.id, query });
      return pageReply(url, detail, nextCursor);
    },
  ),
});
