import { z } from "zod";
import { quote } from "../limits.ts";
import type { SandboxSettingsView } from "./sandbox-settings.responses.ts";

/** The fixed id of the one settings row (the database refuses any other). */
export const SANDBOX_SETTINGS_ID = "5a4db0c5-0000-4000-8000-000000000001";
/** The clock may run at most this far ahead: 30 days. */
export const MAX_CLOCK_OFFSET_SECONDS = 30 * 24 * 3600;
/** Delays as the environment allows them (`TOKENRAIL_SANDBOX_AUTO_*`: up to six digits of seconds). */
export const MAX_DELAY_SECONDS = 999_999;

const delaySeconds = z
  .number("must be a whole number of seconds")
  .int("must be a whole number of seconds")
  .min(0, "must be 0 or more")
  .max(MAX_DELAY_SECONDS, `must be at most ${MAX_DELAY_SECONDS} seconds`);

const automation = z.strictObject(
  {
    enabled: z.boolean("must be true or false").optional(),
    delaySeconds: delaySeconds.optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `unknown field ${quote(issue.keys.join(", "))}; use enabled and delaySeconds`
        : "must be an object with enabled and delaySeconds",
  },
);

export const clockOffsetSecondsSchema = z
  .number("must be a whole number of seconds")
  .int("must be a whole number of seconds")
  .min(0, "cannot move the clock back: 0 or more")
  .max(MAX_CLOCK_OFFSET_SECONDS, `must be at most ${MAX_CLOCK_OFFSET_SECONDS} seconds (30 days)`);

/** `PATCH /sandbox/settings`: what to change; anything left out stays as it is. */
export const patchSandboxSettingsSchema = z
  .strictObject(
    {
      autoApprove: automation.optional(),
      autoProcess: automation.optional(),
      clockOffsetSeconds: clockOffsetSecondsSchema.optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `unknown setting ${quote(issue.keys.join(", "))}; use autoApprove, autoProcess or clockOffsetSeconds`
          : "must be a JSON object",
    },
  )
  .refine(
    (body) => Object.keys(body).length > 0,
    "nothing to change: send autoApprove, autoProcess or clockOffsetSeconds",
  );
export type SandboxSettingsChange = z.output<typeof patchSandboxSettingsSchema>;

/** The settings as stored (or as the environment sets them before anyone changed them). */
export type SandboxSettings = {
  autoApprove: { enabled: boolean; delaySeconds: number };
  autoProcess: { enabled: boolean; delaySeconds: number };
  clockOffsetSeconds: number;
  updatedAt: Date | null;
  updatedBy: string | null;
};

/** The API's view: the settings and the sandbox's time now (`sandbox-settings.responses.ts`). */
export type { SandboxSettingsView };

export function settingsView(settings: SandboxSettings, now: Date): SandboxSettingsView {
  return {
    autoApprove: settings.autoApprove,
    autoProcess: settings.autoProcess,
    clockOffsetSeconds: settings.clockOffsetSeconds,
    now: now.toISOString(),
    updatedAt: settings.updatedAt?.toISOString() ?? null,
    updatedBy: settings.updatedBy,
  };
}

/** An offset as people read it: `2 d 3 h 5 min` (`0 min` for none). */
export function formatOffset(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [days ? `${days} d` : "", hours ? `${hours} h` : "", minutes ? `${minutes} min` : ""].filter(Boolean);
  return parts.length > 0 ? parts.join(" ") : seconds > 0 ? `${seconds} s` : "0 min";
}
