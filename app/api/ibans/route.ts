// GET /ibans — the IBANs of a profile; POST /ibans — request an IBAN for a linked address (provisioned later)
import { getConfig } from "@/server/config.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { accepted, notModified } from "@/server/http/respond.ts";
import { listIbansQuery, requestIbanSchema } from "@/server/ibans/iban.schemas.ts";
import { listIbans } from "@/server/ibans/list-ibans.ts";
import { requestIban } from "@/server/ibans/request-iban.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer({ query: listIbansQuery }, ({ caller, query }) =>
    listIbans({ caller, ...query, config: getConfig() }),
  ),
  POST: withBearer({ body: requestIbanSchema }, async ({ caller, body }) =>
    (await requestIban({ caller, request: body, config: getConfig() })).requested ? accepted() : notModified(),
  ),
});
