// POST /admin/applications/{application}/privilege-requests — grant or decline a privilege the developer asked for
import { webSession } from "@/app/auth";
import { decidePrivilegeRequest, privilegeRequestDecisionSchema } from "@/server/applications/operate-applications.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { applicationResponse, PRIVILEGE_REQUEST_REFUSALS } from "@/server/applications/application.responses.ts";
import { OPERATOR_WRITE } from "@/server/users/operator.responses.ts";

const params = pathParams("application");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    "admin",
    {
      params,
      body: privilegeRequestDecisionSchema,
      responses: { 200: applicationResponse },
      refusals: { ...OPERATOR_WRITE, ...PRIVILEGE_REQUEST_REFUSALS },
    },
    ({ params, body, operator }) => decidePrivilegeRequest({ id: params.application, request: body, operator }),
  ),
});
