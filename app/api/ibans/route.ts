// GET /ibans — the IBANs of a profile; POST /ibans — request an IBAN for a linked address (provisioned later)
import { getConfig } from "@/server/config.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { accepted, notModified } from "@/server/contract/reply.ts";
import { listIbansQuery, requestIbanSchema } from "@/server/ibans/iban.schemas.ts";
import { listIbans } from "@/server/ibans/list-ibans.ts";
import { requestIban } from "@/server/ibans/request-iban.ts";
import { ibanListResponse, REQUEST_IBAN_RESPONSES } from "@/server/ibans/iban.responses.ts";
import { PROFILE_READ } from "@/server/profiles/profile.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer(
    { query: listIbansQuery, responses: { 200: ibanListResponse }, refusals: PROFILE_READ },
    ({ caller, query }) => listIbans({ caller, ...query, config: getConfig() }),
  ),
  POST: withBearer(
    {
      body: requestIbanSchema,
      responses: REQUEST_IBAN_RESPONSES,
      refusals: { 403: "No write permission on the address's profile, or the profile is not approved" },
    },
    async ({ caller, body }) =>
      (await requestIban({ caller, request: body, config: getConfig() })).requested ? accepted() : notModified(),
  ),
});
