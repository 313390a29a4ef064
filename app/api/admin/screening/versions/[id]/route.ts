// GET /admin/screening/versions/{id} — a list version and a page of the entries it added, changed or removed
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { versionChanges } from "@/server/screening/lists/list-versions.ts";
import { VERSION_CHANGES_RESPONSES } from "@/server/screening/lists/lists.responses.ts";
import { versionChangesQuery } from "@/server/screening/lists/lists.schemas.ts";

const params = pathParams("id");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(
    webSession,
    "compliance",
    { params, query: versionChangesQuery, responses: VERSION_CHANGES_RESPONSES },
    ({ params, query }) => versionChanges(params.id, query),
  ),
});
