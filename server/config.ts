import path from "node:path";
import { z } from "zod";
import { fourEyesSettings } from "./approvals/four-eyes-settings.ts";
import { bankSettings } from "./bank/bank-settings.ts";
import { screeningSettings } from "./screening/screening-settings.ts";
import { chainSettings } from "./chains/chain-settings.ts";
import { fileSettings } from "./files/file-settings.ts";
import { ibanSettings } from "./ibans/iban-settings.ts";
import { instanceSettings } from "./instance/instance-settings.ts";
import { mailSettings } from "./mail/mail-settings.ts";
import { metricsSettings } from "./metrics/metrics-settings.ts";
import { monitoringSettings } from "./monitoring/monitoring-settings.ts";
import { operatorSettings } from "./operators/operator-settings.ts";
import { sandboxSettings } from "./sandbox/sandbox-settings.ts";
import { reservesSettings } from "./reserves/reserves-settings.ts";
import { proxySettings } from "./security/proxy-settings.ts";
import type { SettingsContext } from "./settings/define-settings.ts";
import { webhookSettings } from "./webhooks/webhook-settings.ts";
import { keySettings } from "./keys/key-settings.ts";
import { retentionSettings } from "./retention/retention-settings.ts";
import { ConfigError } from "./settings/config-error.ts";

/**
 * Instance configuration, read once from the environment and validated here; everything else asks `getConfig()`.
 * Each area declares its variables and what they mean beside its code (`server/<area>/*-settings.ts`); this file
 * only reads them all and reports every problem at once. The embedded default needs no settings at all; production
 * refuses to start without a real database, secrets, real chains, a real bank and a mail server.
 */
const AREAS = [
  instanceSettings,
  sandboxSettings,
  webhookSettings,
  fileSettings,
  ibanSettings,
  chainSettings,
  bankSettings,
  metricsSettings,
  fourEyesSettings,
  operatorSettings,
  mailSettings,
  proxySettings,
  screeningSettings,
  monitoringSettings,
  keySettings,
  reservesSettings,
  retentionSettings,
] as const;

type PartOf<A> = A extends { read: (...args: never[]) => infer T } ? NonNullable<T> : never;

export type Config = PartOf<typeof instanceSettings> &
  PartOf<typeof sandboxSettings> &
  PartOf<typeof webhookSettings> &
  PartOf<typeof fileSettings> &
  PartOf<typeof ibanSettings> &
  PartOf<typeof chainSettings> &
  PartOf<typeof bankSettings> &
  PartOf<typeof metricsSettings> &
  PartOf<typeof fourEyesSettings> &
  PartOf<typeof operatorSettings> &
  PartOf<typeof mailSettings> &
  PartOf<typeof proxySettings> &
  PartOf<typeof screeningSettings> &
  PartOf<typeof monitoringSettings> &
  PartOf<typeof keySettings> &
  PartOf<typeof reservesSettings> &
  PartOf<typeof retentionSettings>;

/** What every area may depend on: which kind of instance this is, and where its data lives. */
const contextVariables = {
  TOKENRAIL_ENV: z.enum(["sandbox", "production"]).default("sandbox"),
  TOKENRAIL_DATA_DIR: z.string().min(1).default(".data"),
};

export { ConfigError };

/** The variables of one shape, parsed; their problems are added to the list. */
function parse<S extends z.ZodRawShape>(
  variables: S,
  env: Record<string, string | undefined>,
  problems: string[],
): z.output<z.ZodObject<S>> | undefined {
  const parsed = z.object(variables).safeParse(env);
  if (parsed.success) return parsed.data;
  problems.push(...parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  return undefined;
}

/** An area as the loader drives it: its values go in untyped, since each area's own types are checked where it is. */
type LooseArea = {
  variables: z.ZodRawShape;
  read(values: Record<string, unknown>, context: SettingsContext, problems: string[]): object | undefined;
};

/** Validates an environment into a Config. Pure apart from the embedded secret file; throws ConfigError. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const base = parse(contextVariables, env, problems);
  const environment = base?.TOKENRAIL_ENV ?? "sandbox";
  const context: SettingsContext = {
    environment,
    production: environment === "production",
    // A directory the instance writes at run time, not part of the build: nothing to trace.
    dataDir: path.resolve(/* turbopackIgnore: true */ base?.TOKENRAIL_DATA_DIR ?? ".data"),
    env,
  };
  const parts = (AREAS as readonly LooseArea[]).map((area) => {
    const values = parse(area.variables, env, problems);
    return values && area.read(values, context, problems);
  });
  if (!base || problems.length > 0 || parts.some((part) => part === undefined)) throw new ConfigError(problems);
  return Object.assign({}, ...parts) as Config;
}

const holder = globalThis as typeof globalThis & { __tokenrailConfig?: Config };

/** The running instance's configuration (validated on first use, then cached for the process). */
export function getConfig(): Config {
  holder.__tokenrailConfig ??= loadConfig();
  return holder.__tokenrailConfig;
}
