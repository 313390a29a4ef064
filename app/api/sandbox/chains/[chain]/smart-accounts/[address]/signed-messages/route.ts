// POST /sandbox/chains/{chain}/smart-accounts/{address}/signed-messages — the account signs a message (or Safe hash) on chain (SignMsg)
import { getConfig } from "@/server/config.ts";
import { signedMessageSchema, signOnChain } from "@/server/chains/sandbox-controls.ts";
import { withSandboxBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { created } from "@/server/contract/reply.ts";
import { signedMessageResponse } from "@/server/sandbox/smart-account.responses.ts";

const params = pathParams("chain", "address");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withSandboxBearer(
    { params, body: signedMessageSchema, responses: { 201: signedMessageResponse } },
    async ({ caller, params, body }) =>
      created(await signOnChain({ ...params, ...body, by: { application: caller }, config: getConfig() })),
  ),
});
