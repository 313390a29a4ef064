// GET /admin/screening/lists/{source}/versions — a list's latest versions, newest first
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { listVersions } from "@/server/screening/lists/list-versions.ts";
import { LIST_VERSIONS_RESPONSES } from "@/server/screening/lists/lists.responses.ts";
import { listParams } from "@/server/screening/lists/lists.schemas.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(
    webSession,
    "compliance",
    { params: listParams, responses: LIST_VERSIONS_RESPONSES },
    async ({ params }) => ({ versions: await listVersions(params.source) }),
  ),
});
