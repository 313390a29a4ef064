import { z } from "zod";
import type { Environment } from "../environment.ts";
import { MAX_URL } from "../limits.ts";

/** What every area's settings may depend on besides its own variables. */
export type SettingsContext = {
  environment: Environment;
  production: boolean;
  /** The instance's data directory, resolved. */
  dataDir: string;
  /** The whole environment, for areas whose variable names carry data (`TOKENRAIL_EVM_RPC_<CHAIN>`). */
  env: Record<string, string | undefined>;
};

/**
 * One area's settings: the environment variables it reads (a zod shape, so types and messages come from one place)
 * and how it turns their values into its part of the configuration. `read` pushes every problem it finds and
 * returns its part (or nothing, when a problem leaves no part to build); the loader (`server/config.ts`) throws once,
 * with the problems of every area.
 */
export type AreaSettings<S extends z.ZodRawShape, T> = {
  variables: S;
  read: (values: z.output<z.ZodObject<S>>, context: SettingsContext, problems: string[]) => T | undefined;
};

export function defineSettings<S extends z.ZodRawShape, T>(area: AreaSettings<S, T>): AreaSettings<S, T> {
  return area;
}

/** A URL setting, kept without a trailing slash. */
export const urlSetting = z
  .string()
  .max(MAX_URL)
  .url()
  .transform((value) => value.replace(/\/+$/, ""));

/** `"off"` or a number of seconds. */
export const secondsOrOff = (what: string) =>
  z
    .string()
    .regex(/^(off|\d{1,6})$/, `seconds to wait before ${what}, or "off"`)
    .optional();
