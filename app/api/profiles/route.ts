// POST /profiles — an application with extra privileges creates a profile it may act on
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { created } from "@/server/http/respond.ts";
import { createProfile, createProfileSchema } from "@/server/profiles/create-profile.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withBearer({ body: createProfileSchema }, async ({ caller, body }) =>
    created(await createProfile({ caller, ...body })),
  ),
});
