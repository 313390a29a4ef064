// GET /balances/{chain}/{address} — token balances of a linked address (?currency= repeats; eur by default)
import { getConfig } from "@/server/config.ts";
import { balancesQuery, getBalances } from "@/server/chains/get-balances.ts";
import { balancesResponse } from "@/server/chains/balance.responses.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";

const params = pathParams("chain", "address");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer({ params, query: balancesQuery, responses: { 200: balancesResponse } }, ({ caller, params, query }) =>
    getBalances({ caller, ...params, currency: query.currency, config: getConfig() }),
  ),
});
