// GET /admin/bank/files/{id}/content — download a bank file (a statement as received, a payment file as written)
import { webSession } from "@/app/auth";
import { BANK_FILE_CONTENT } from "@/server/bank/operator/bank-operator.responses.ts";
import { bankFileContent } from "@/server/bank/operator/bank-file-content.ts";
import { getConfig } from "@/server/config.ts";
import { withOperator } from "@/server/http/callers.ts";
import { downloadResponse } from "@/server/http/download.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";

const params = pathParams("id");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(webSession, "treasurer", { params, responses: { 200: BANK_FILE_CONTENT } }, async ({ params }) =>
    downloadResponse(await bankFileContent({ id: params.id, config: getConfig() })),
  ),
});
