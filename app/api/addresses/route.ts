// GET /addresses — a profile's linked addresses; POST /addresses — link one by the owner's signature
import { linkAddress, linkAddressSchema } from "@/server/addresses/link-address.ts";
import { listAddresses, listAddressesQuery } from "@/server/addresses/list-addresses.ts";
import { getConfig } from "@/server/config.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { accepted, created } from "@/server/contract/reply.ts";
import { addressListResponse, LINK_ADDRESS_RESPONSES } from "@/server/addresses/address.responses.ts";
import { PROFILE_READ, PROFILE_WRITE } from "@/server/profiles/profile.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer(
    { query: listAddressesQuery, responses: { 200: addressListResponse }, refusals: PROFILE_READ },
    ({ caller, query }) => listAddresses({ caller, ...query, config: getConfig() }),
  ),
  POST: withBearer(
    { body: linkAddressSchema, responses: LINK_ADDRESS_RESPONSES, refusals: PROFILE_WRITE },
    async ({ caller, body }) => {
      const outcome = await linkAddress({ caller, request: body, config: getConfig() });
      return outcome.kind === "linked" ? created(outcome.link) : accepted();
    },
  ),
});
