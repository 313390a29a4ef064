import { z } from "zod";
import type { Spec } from "../contract/operation.ts";
import { profileSummarySchema } from "../oauth/context.schemas.ts";

const sectionState = z.enum(["incomplete", "pending", "approved", "rejected"]);

/** The Profile resource (SPEC "Profile", CONTRACT §4.5–4.7): summary fields plus the state of each KYC section. */
export const profileResponse = z
  .object({
    id: z.uuid(),
    kind: z.enum(["personal", "corporate"]),
    name: z.string().meta({ description: "Corporate or individual name; empty until details are submitted" }),
    state: z.enum(["created", "pending", "approved", "rejected", "blocked"]),
    details: z.object({ state: sectionState }),
    form: z.object({ state: sectionState }),
    verifications: z
      .array(z.object({ kind: z.string().meta({ example: "idDocument" }), state: sectionState }))
      .meta({ description: "Each verification submitted or required, by kind; one never submitted is `incomplete`" }),
  })
  .meta({ id: "Profile" });
export type ProfileView = z.input<typeof profileResponse>;

/** `GET /profiles`: the profiles the caller may access, with the caller's permissions on each. */
export const profileListResponse = z.object({
  profiles: z.array(profileSummarySchema),
  total: z.number().int(),
});
export type ProfileList = z.input<typeof profileListResponse>;

/** The refusal of an operation that reads a profile the caller names (`profileForCaller`), for its route's spec. */
export const PROFILE_READ = { 403: "No read permission on the profile" };

/** The refusal of an operation that changes a profile the caller names (`profileForCaller`). */
export const PROFILE_WRITE = { 403: "No write permission on the profile" };

/** `PATCH|PUT /profiles/{profile}/details|form|verifications`: the updated profile, and why a submission is refused. */
export const KYC_SUBMISSION = {
  responses: { 202: { description: "The profile, the section submitted now pending review", body: profileResponse } },
  refusals: {
    403: "No write permission on the profile, or the application does not hold the submit_kyc privilege",
    409: "The profile is blocked, the section is already approved, or the kind would change after an approval",
  },
} satisfies Spec;
