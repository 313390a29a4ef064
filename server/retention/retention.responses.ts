import { z } from "zod";

/** What an erasure request (C71) came to: erased at once, or scheduled for the end of the retention period. */
export const erasureRequestResponse = z
  .object({
    profileId: z.uuid(),
    outcome: z.enum(["erased", "scheduled"]).meta({
      description: "`erased` at once (no duty to keep the data), or `scheduled` for the end of the retention period",
    }),
    erasedAt: z.string().optional(),
    eraseAfter: z.string().optional().meta({ description: "When the retention period ends and the data is erased" }),
  })
  .meta({ id: "ErasureRequest" });
