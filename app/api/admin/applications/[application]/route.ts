// PATCH /admin/applications/{application} — grant or withdraw extra privileges; set the KYC model
import { webSession } from "@/app/auth";
import { applicationChangeSchema, changeApplication } from "@/server/applications/operate-applications.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { applicationResponse } from "@/server/applications/application.responses.ts";
import { OPERATOR_WRITE } from "@/server/users/operator.responses.ts";

const params = pathParams("application");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PATCH: withOperator(
    webSession,
    "admin",
    { params, body: applicationChangeSchema, responses: { 200: applicationResponse }, refusals: OPERATOR_WRITE },
    ({ params, body, operator }) => changeApplication({ id: params.application, change: body, operator }),
  ),
});
