// GET /ibans/{iban} — one IBAN (spaces, percent-encoding and case do not matter); PATCH|PUT — move it to another address
import { getConfig } from "@/server/config.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { getIban } from "@/server/ibans/get-iban.ts";
import { ibanParams, moveIbanSchema } from "@/server/ibans/iban.schemas.ts";
import { moveIban } from "@/server/ibans/move-iban.ts";
import { ibanResponse } from "@/server/ibans/iban.responses.ts";

const move = withBearer(
  {
    params: ibanParams,
    body: moveIbanSchema,
    responses: { 200: ibanResponse },
    refusals: { 403: "No write permission on the IBAN's profile" },
  },
  ({ caller, params, body }) => moveIban({ caller, iban: params.iban, request: body, config: getConfig() }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer({ params: ibanParams, responses: { 200: ibanResponse } }, ({ caller, params }) =>
    getIban({ caller, iban: params.iban }),
  ),
  PATCH: move,
  PUT: move,
});
