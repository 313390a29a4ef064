import { z } from "zod";

const automation = z.object({
  enabled: z.boolean(),
  delaySeconds: z.number().int().meta({ description: "How long after the event it acts" }),
});

/** `GET` and `PATCH /sandbox/settings`: the simulator's settings as stored, and the sandbox's time now. */
export const sandboxSettingsResponse = z
  .object({
    autoApprove: automation.meta({ description: "Approve submitted KYC by itself" }),
    autoProcess: automation.meta({ description: "Process placed orders by itself" }),
    clockOffsetSeconds: z.number().int().meta({ description: "How far the sandbox's clock runs ahead of real time" }),
    now: z.iso.datetime().meta({ description: "The sandbox's time" }),
    updatedAt: z.iso.datetime().nullable().meta({ description: "Null until someone changed the settings" }),
    updatedBy: z
      .string()
      .nullable()
      .meta({ description: "`client:<client id>` or `user:<user id>`; null until someone changed them" }),
  })
  .meta({ id: "SandboxSettings" });
export type SandboxSettingsView = z.input<typeof sandboxSettingsResponse>;
