// POST /files — upload a document (multipart part `file`), checked while it streams in and stored by its hash
import { getConfig } from "@/server/config.ts";
import { uploadFile } from "@/server/files/upload-file.ts";
import { multipartRequest } from "@/server/http/body.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { fileResponse } from "@/server/files/file.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withBearer(
    {
      responses: { 200: fileResponse },
      refusals: {
        413: "The file is larger than uploads may be",
        431: "A part's header block is larger than uploads may carry (8 KB)",
      },
    },
    ({ caller, req }) => uploadFile({ caller, request: multipartRequest(req), config: getConfig() }),
  ),
});
