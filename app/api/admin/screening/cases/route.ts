// GET /admin/screening/cases — the compliance case queue: potential sanctions hits and monitoring alerts, by state
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { LIST_CASES_RESPONSES } from "@/server/screening/cases/cases.responses.ts";
import { listCasesQuery } from "@/server/screening/cases/cases.schemas.ts";
import { listCases } from "@/server/screening/cases/list-cases.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(webSession, "compliance", { query: listCasesQuery, responses: LIST_CASES_RESPONSES }, ({ query }) =>
    listCases(query),
  ),
});
