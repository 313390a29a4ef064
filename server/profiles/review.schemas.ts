import { z } from "zod";
import { MAX_ID, tooLong } from "../limits.ts";

/** The operator's review requests (admin API bodies; the console's forms check the same). */

export const decisionSchema = z
  .object({
    decision: z.enum(["approve", "reject"], "Decide approve or reject"),
    reason: z.string().trim().min(1).max(500, tooLong(500)).optional(),
    section: z.enum(["details", "form", "verification"], "Unknown section").optional(),
    kind: z.string().max(MAX_ID, tooLong(MAX_ID)).trim().min(1).optional(),
  })
  .refine((d) => d.decision === "approve" || d.reason !== undefined, {
    path: ["reason"],
    message: "A rejection needs a reason the customer can act on",
  })
  .refine((d) => d.section !== "verification" || d.kind !== undefined, {
    path: ["kind"],
    message: "Name the verification kind",
  });
export type Decision = z.infer<typeof decisionSchema>;

export const blockSchema = z.object({ reason: z.string().trim().min(1, "Give a reason").max(500, tooLong(500)) });
