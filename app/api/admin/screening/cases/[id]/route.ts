// GET /admin/screening/cases/{id} — a case: the subject beside the list entry, the score's explanation, its history
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { CASE_RESPONSES } from "@/server/screening/cases/cases.responses.ts";
import { readCase } from "@/server/screening/cases/list-cases.ts";

const params = pathParams("id");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(webSession, "compliance", { params, responses: CASE_RESPONSES }, ({ params }) =>
    readCase(params.id),
  ),
});
