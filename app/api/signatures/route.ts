// GET /signatures — signatures a profile's smart accounts still have to give on chain
import { getConfig } from "@/server/config.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { listPendingSignatures, pendingSignaturesQuery } from "@/server/signatures/list-pending-signatures.ts";
import { PENDING_SIGNATURES_RESPONSES } from "@/server/signatures/signature.responses.ts";
import { PROFILE_READ } from "@/server/profiles/profile.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer(
    { query: pendingSignaturesQuery, responses: PENDING_SIGNATURES_RESPONSES, refusals: PROFILE_READ },
    ({ caller, query }) => listPendingSignatures({ caller, query, config: getConfig() }),
  ),
});
