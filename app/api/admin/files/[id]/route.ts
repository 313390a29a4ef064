// GET /admin/files/{id} — the operator downloads any uploaded document (KYC review)
import { z } from "zod";
import { sessionUserId } from "@/app/auth";
import { getConfig } from "@/server/config.ts";
import { readFile } from "@/server/files/read-file.ts";
import { withOperator } from "@/server/http/callers.ts";
import { downloadResponse } from "@/server/http/download.ts";
import { methods } from "@/server/http/methods.ts";

const params = z.object({ id: z.string() });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(sessionUserId, { params }, async ({ operatorId, params }) =>
    downloadResponse(await readFile({ caller: { userId: operatorId }, id: params.id, config: getConfig() })),
  ),
});
