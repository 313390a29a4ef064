import { setInstanceClockOffset } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { SandboxSettings } from "./sandbox-settings.schemas.ts";
import { defaultSandboxSettings, readSandboxSettings } from "./settings-store.ts";

/**
 * Every instance keeps the sandbox settings in memory and reads them again this often, so a change made through
 * another instance on the same database (the clock offset above all) reaches this one within that bound. The
 * instance that makes a change applies it at once.
 */
export const SANDBOX_SETTINGS_REFRESH_MS = 2_000;

type Holder = { settings: SandboxSettings; version: number };
// One copy per process, whichever bundle asks (Next.js bundles instrumentation and each route separately).
const holder = globalThis as typeof globalThis & { __tokenrailSandboxSettings?: Holder };

/**
 * Makes `settings` this process's: what the automations read, and the clock offset `serverClock` adds. Production
 * never runs ahead of the wall clock, whatever it is handed.
 */
export function applySandboxSettings(settings: SandboxSettings, config: Config): void {
  const version = (holder.__tokenrailSandboxSettings?.version ?? 0) + 1;
  holder.__tokenrailSandboxSettings = { settings, version };
  setInstanceClockOffset(config.environment === "sandbox" ? settings.clockOffsetSeconds * 1000 : 0);
}

/** The settings this process runs with now (the environment's until the first read). */
export function cachedSandboxSettings(config: Config): SandboxSettings {
  return holder.__tokenrailSandboxSettings?.settings ?? defaultSandboxSettings(config);
}

/**
 * Reads the settings from the database and applies them. A change applied in this process while the read was under
 * way is newer than what the read saw, so it is kept.
 */
export async function refreshSandboxSettings(config: Config): Promise<SandboxSettings> {
  const before = holder.__tokenrailSandboxSettings?.version ?? 0;
  const settings = await readSandboxSettings(await db(), config);
  if ((holder.__tokenrailSandboxSettings?.version ?? 0) === before) applySandboxSettings(settings, config);
  return cachedSandboxSettings(config);
}
