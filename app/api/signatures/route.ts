// GET /signatures — signatures a profile's smart accounts still have to give on chain
import { getConfig } from "@/server/config.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { listPendingSignatures, pendingSignaturesQuery } from "@/server/signatures/list-pending-signatures.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer({ query: pendingSignaturesQuery }, ({ caller, query }) =>
    listPendingSignatures({ caller, query, config: getConfig() }),
  ),
});
