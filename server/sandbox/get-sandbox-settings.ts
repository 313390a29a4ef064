import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { settingsView, type SandboxSettingsView } from "./sandbox-settings.schemas.ts";
import { assertSandbox } from "./sandbox-only.ts";
import { refreshSandboxSettings } from "./settings-cache.ts";

/**
 * `GET /sandbox/settings`: the simulator's settings as stored (read now, so this instance is up to date too) and the
 * sandbox's time.
 */
export async function getSandboxSettings(options: { config: Config; clock?: Clock }): Promise<SandboxSettingsView> {
  const { config, clock = serverClock } = options;
  assertSandbox(config);
  const settings = await refreshSandboxSettings(config);
  return settingsView(settings, clock());
}
