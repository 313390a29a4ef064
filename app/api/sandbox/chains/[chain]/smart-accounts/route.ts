// POST /sandbox/chains/{chain}/smart-accounts — deploy a Safe-like account on the sandbox chain (owners, threshold)
import { getConfig } from "@/server/config.ts";
import { deploySmartAccount, smartAccountSchema } from "@/server/chains/sandbox-controls.ts";
import { withSandboxBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { created } from "@/server/contract/reply.ts";
import { SMART_ACCOUNT_REFUSALS, smartAccountResponse } from "@/server/sandbox/smart-account.responses.ts";

const params = pathParams("chain");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withSandboxBearer(
    { params, body: smartAccountSchema, responses: { 201: smartAccountResponse }, refusals: SMART_ACCOUNT_REFUSALS },
    async ({ caller, params, body }) =>
      created(await deploySmartAccount({ chain: params.chain, account: body, caller, config: getConfig() })),
  ),
});
