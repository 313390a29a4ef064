// GET /admin/files/{id}?inline=1 — the operator downloads any uploaded document, or views a picture or PDF in place
import { z } from "zod";
import { webSession } from "@/app/auth";
import { getConfig } from "@/server/config.ts";
import { readFile } from "@/server/files/read-file.ts";
import { withOperator } from "@/server/http/callers.ts";
import { downloadResponse } from "@/server/http/download.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { OPERATOR_FILE_CONTENT } from "@/server/users/operator.responses.ts";

const params = pathParams("id");
const query = z.object({ inline: z.enum(["1"], "must be 1 (show in place) or absent").optional() });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(
    webSession,
    ["reviewer", "treasurer"],
    { params, query, responses: { 200: OPERATOR_FILE_CONTENT } },
    async ({ operatorId, params, query }) =>
      downloadResponse(
        await readFile({ caller: { userId: operatorId }, asOperator: true, id: params.id, config: getConfig() }),
        {
          inline: query.inline === "1",
        },
      ),
  ),
});
