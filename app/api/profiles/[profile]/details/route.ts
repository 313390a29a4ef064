// PATCH|PUT /profiles/{profile}/details — submit personal or corporate details (the published SDK uses PUT)
import { serverClock } from "@/server/clock.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { KYC_SUBMISSION } from "@/server/profiles/profile.responses.ts";
import { accepted } from "@/server/contract/reply.ts";
import { createDetailsBodySchema } from "@/server/profiles/kyc.schemas.ts";
import { submitDetails } from "@/server/profiles/submit-kyc.ts";

const params = pathParams("profile");
const submit = withBearer(
  { params, body: createDetailsBodySchema(serverClock), ...KYC_SUBMISSION },
  async ({ caller, params, body }) => accepted(await submitDetails({ caller, profileId: params.profile, body })),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ PATCH: submit, PUT: submit });
