// PATCH|PUT /profiles/{profile}/details — submit personal or corporate details (the published SDK uses PUT)
import { z } from "zod";
import { serverClock } from "@/server/clock.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { accepted } from "@/server/http/respond.ts";
import { createDetailsBodySchema } from "@/server/profiles/kyc.schemas.ts";
import { submitDetails } from "@/server/profiles/submit-kyc.ts";

const params = z.object({ profile: z.string() });
const submit = withBearer({ params, body: createDetailsBodySchema(serverClock) }, async ({ caller, params, body }) =>
  accepted(await submitDetails({ caller, profileId: params.profile, body })),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ PATCH: submit, PUT: submit });
