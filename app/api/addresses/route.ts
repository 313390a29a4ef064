// POST /addresses — link a blockchain address to a profile by the owner's signature
import { linkAddress, linkAddressSchema } from "@/server/addresses/link-address.ts";
import { getConfig } from "@/server/config.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { created } from "@/server/http/respond.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withBearer({ body: linkAddressSchema }, async ({ caller, body }) =>
    created(await linkAddress({ caller, request: body, config: getConfig() })),
  ),
});
