// POST /sandbox/chains/{chain}/transfers — a holder's plain token transfer on the sandbox chain, reconciled at once
import { getConfig } from "@/server/config.ts";
import { sandboxTransferSchema, transferOnSandboxChain } from "@/server/chains/sandbox-transfer.ts";
import { withSandboxBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { created } from "@/server/contract/reply.ts";
import { sandboxTransferResponse } from "@/server/sandbox/smart-account.responses.ts";

const params = pathParams("chain");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withSandboxBearer(
    { params, body: sandboxTransferSchema, responses: { 201: sandboxTransferResponse } },
    async ({ caller, params, body }) =>
      created(await transferOnSandboxChain({ chain: params.chain, transfer: body, caller, config: getConfig() })),
  ),
});
