// PATCH|PUT /profiles/{profile}/verifications — submit KYC verifications with their documents (the published SDK uses PUT)
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { KYC_SUBMISSION } from "@/server/profiles/profile.responses.ts";
import { accepted } from "@/server/contract/reply.ts";
import { verificationsBodySchema } from "@/server/profiles/kyc.schemas.ts";
import { submitVerifications } from "@/server/profiles/submit-kyc.ts";

const params = pathParams("profile");
const submit = withBearer(
  { params, body: verificationsBodySchema, ...KYC_SUBMISSION },
  async ({ caller, params, body }) => accepted(await submitVerifications({ caller, profileId: params.profile, body })),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ PATCH: submit, PUT: submit });
