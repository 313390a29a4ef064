// POST /auth/signup — an application with extra privileges signs up a person by email
import { getConfig } from "@/server/config.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { created, Reply } from "@/server/contract/reply.ts";
import { signUpForApplication, signUpRequestSchema } from "@/server/users/sign-up-for-application.ts";
import { PRIVILEGED } from "@/server/applications/privileges.ts";
import { SIGN_UP_RESPONSES } from "@/server/users/user.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withBearer(
    { body: signUpRequestSchema, responses: SIGN_UP_RESPONSES, refusals: PRIVILEGED },
    async ({ caller, body }) => {
      const outcome = await signUpForApplication({ caller, email: body.email, config: getConfig() });
      return outcome.created
        ? created({ email: outcome.email, profile: outcome.profile })
        : // The person exists: they go through /auth like anyone else (HTTP carries no body on a 304).
          new Reply(304, null);
    },
  ),
});
