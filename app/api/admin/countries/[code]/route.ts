// PATCH /admin/countries/{code} — an admin changes a country's risk tiers, with a reason (audited)
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { countryResponse, SET_COUNTRY_RISK_REFUSALS } from "@/server/countries/countries.responses.ts";
import { setCountryRiskSchema } from "@/server/countries/countries.schemas.ts";
import { setCountryRisk } from "@/server/countries/set-country-risk.ts";
import { OPERATOR_WRITE } from "@/server/users/operator.responses.ts";

const params = pathParams("code");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PATCH: withOperator(
    webSession,
    "admin",
    {
      params,
      body: setCountryRiskSchema,
      responses: { 200: countryResponse },
      refusals: { ...OPERATOR_WRITE, ...SET_COUNTRY_RISK_REFUSALS },
    },
    ({ params, body, operator }) => setCountryRisk({ code: params.code, change: body, actor: operator }),
  ),
});
