import { z } from "zod";

/** The payout of a redeem order as the simulator answers it. */
export const sandboxPayoutResponse = z
  .object({
    order: z.guid(),
    endToEndId: z.string(),
    amount: z.string(),
    currency: z.string(),
    state: z.enum(["instructed", "batched", "released", "accepted", "debited", "rejected", "returned"]),
    reasonCode: z.string().nullable(),
    reissueOrder: z.guid().nullable().meta({ description: "The issue order that gave the tokens back, once" }),
  })
  .meta({ id: "SandboxPayout" });
export type SandboxPayoutView = z.input<typeof sandboxPayoutResponse>;
