// GET /files/{id} — download a file's content: its uploader or an operator; anyone else gets 404
import { getConfig } from "@/server/config.ts";
import { readFile } from "@/server/files/read-file.ts";
import { withBearer } from "@/server/http/callers.ts";
import { downloadResponse } from "@/server/http/download.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { FILE_CONTENT } from "@/server/files/file.responses.ts";

const params = pathParams("id");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer({ params, responses: { 200: FILE_CONTENT } }, async ({ caller, params }) =>
    downloadResponse(await readFile({ caller, id: params.id, config: getConfig() })),
  ),
});
