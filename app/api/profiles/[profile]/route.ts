// GET /profiles/{profile} — one profile with the state of each KYC section
import { z } from "zod";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { getProfile } from "@/server/profiles/get-profile.ts";

const params = z.object({ profile: z.string() });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer({ params }, ({ caller, params }) => getProfile({ caller, profileId: params.profile })),
});
