import { z } from "zod";
import { profileResponse } from "./profile.responses.ts";

/** One KYC submission as the operator reviews it. */
const submissionResponse = z.object({
  section: z.enum(["details", "form", "verification"]),
  kind: z.string().meta({ description: "The verification kind (`idDocument`, …); empty for details and form" }),
  state: z.enum(["incomplete", "pending", "approved", "rejected"]),
  data: z.record(z.string(), z.unknown()).meta({ description: "The body as accepted, normalised" }),
  submittedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  reason: z.string().nullable().meta({ description: "The operator's reason, when rejected" }),
});

/** A profile with everything it submitted and the documents those reference, for the operator's review. */
export const reviewItemResponse = profileResponse
  .extend({
    reason: z.string().nullable().meta({ description: "Why the profile is in its state (a rejection, a block)" }),
    submissions: z.array(submissionResponse),
    files: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        type: z.string().meta({ description: "The media type found in the content", example: "application/pdf" }),
        size: z.number().int().meta({ description: "Bytes" }),
        hash: z.string().meta({ description: "SHA-256 of the content, hex" }),
      }),
    ),
  })
  .meta({ id: "ReviewItem" });
export type ReviewItem = z.input<typeof reviewItemResponse>;

export const reviewQueueResponse = z
  .object({ profiles: z.array(reviewItemResponse).meta({ description: "Oldest submission first" }) })
  .meta({ id: "ReviewQueue" });

/** `POST /admin/profiles/{profile}/decision`. */
export const DECISION_REFUSALS = {
  409: "The profile is blocked, nothing (or not that section) awaits review, or a required section is not submitted",
};

/** `POST /admin/profiles/{profile}/block` and `/unblock`. */
export const BLOCK_REFUSALS = { 409: "The profile is already blocked (or, to unblock, is not blocked)" };
