import { z } from "zod";

/** The body of a 202 that only acknowledges (`accepted()` in respond.ts): the SDK cannot parse an empty one. */
export const acceptedResponse = z
  .object({ code: z.literal(202), status: z.literal("Accepted") })
  .meta({ id: "Accepted", description: "Accepted: the rest happens in the background" });
