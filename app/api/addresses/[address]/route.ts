// GET /addresses/{address} — one linked address with its chains
import { getAddress } from "@/server/addresses/list-addresses.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { addressResponse } from "@/server/addresses/address.responses.ts";

const params = pathParams("address");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer({ params, responses: { 200: addressResponse } }, ({ caller, params }) =>
    getAddress({ caller, address: params.address }),
  ),
});
