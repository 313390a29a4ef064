// GET /profiles — profiles the caller may access; POST /profiles — an application with extra privileges creates one
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { created } from "@/server/contract/reply.ts";
import { createProfile, createProfileSchema } from "@/server/profiles/create-profile.ts";
import { listProfiles, listProfilesQuery } from "@/server/profiles/list-profiles.ts";
import { profileListResponse, profileResponse } from "@/server/profiles/profile.responses.ts";
import { PRIVILEGED } from "@/server/applications/privileges.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer({ query: listProfilesQuery, responses: { 200: profileListResponse } }, ({ caller, query }) =>
    listProfiles({ caller, ...query }),
  ),
  POST: withBearer(
    {
      body: createProfileSchema,
      responses: { 201: profileResponse },
      refusals: { ...PRIVILEGED, 409: "A profile with this id exists" },
    },
    async ({ caller, body }) => created(await createProfile({ caller, ...body })),
  ),
});
