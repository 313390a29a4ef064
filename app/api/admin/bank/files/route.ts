// GET /admin/bank/files — bank files in and out, newest first; POST — upload a statement and import it
import { webSession } from "@/app/auth";
import { listBankFiles } from "@/server/bank/operator/list-bank-files.ts";
import { pageReply } from "@/server/bank/operator/page-reply.ts";
import {
  LIST_BANK_FILES_RESPONSES,
  UPLOAD_BANK_FILE_RESPONSES,
  UPLOAD_REFUSALS,
} from "@/server/bank/operator/bank-operator.responses.ts";
import { listBankFilesQuery, uploadBankFileQuery } from "@/server/bank/operator/bank-operator.schemas.ts";
import { uploadBankFile } from "@/server/bank/operator/upload-bank-file.ts";
import { getConfig } from "@/server/config.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { xmlBody } from "@/server/http/xml-body.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(
    webSession,
    "treasurer",
    { query: listBankFilesQuery, responses: LIST_BANK_FILES_RESPONSES },
    async ({ query, url }) => {
      const { files, nextCursor } = await listBankFiles(query);
      return pageReply(url, { files }, nextCursor);
    },
  ),
  POST: withOperator(
    webSession,
    "treasurer",
    { query: uploadBankFileQuery, responses: UPLOAD_BANK_FILE_RESPONSES, refusals: UPLOAD_REFUSALS },
    ({ req, query, operator }) =>
      uploadBankFile({ request: xmlBody(req), name: query.name, actor: operator, config: getConfig() }),
  ),
});
