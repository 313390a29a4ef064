import type { Config } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";
import { SANDBOX_SETTINGS_ID, MAX_DELAY_SECONDS, type SandboxSettings } from "./sandbox-settings.schemas.ts";

/** Delay used when the environment switched an automation off and someone switches it on without naming one. */
const DEFAULT_DELAY_SECONDS = 30;

/**
 * The settings before anyone changed them: the environment's `TOKENRAIL_SANDBOX_AUTO_APPROVE` / `_AUTO_PROCESS`, the
 * wall clock. Production has no automation and no offset, whatever is stored.
 */
export function defaultSandboxSettings(config: Config): SandboxSettings {
  const automation = (seconds: number | undefined) => ({
    enabled: seconds !== undefined,
    delaySeconds: Math.min(seconds ?? DEFAULT_DELAY_SECONDS, MAX_DELAY_SECONDS),
  });
  return {
    autoApprove: automation(config.autoApproveSeconds),
    autoProcess: automation(config.autoProcessSeconds),
    clockOffsetSeconds: 0,
    updatedAt: null,
    updatedBy: null,
  };
}

/** The stored settings row, or the environment's defaults while there is none. */
export async function readSandboxSettings(prisma: DbOrTx, config: Config): Promise<SandboxSettings> {
  if (config.environment !== "sandbox") return defaultSandboxSettings(config);
  const row = await prisma.sandboxSettings.findUnique({ where: { id: SANDBOX_SETTINGS_ID } });
  if (!row) return defaultSandboxSettings(config);
  return {
    autoApprove: { enabled: row.autoApprove, delaySeconds: row.autoApproveDelaySeconds },
    autoProcess: { enabled: row.autoProcess, delaySeconds: row.autoProcessDelaySeconds },
    clockOffsetSeconds: row.clockOffsetSeconds,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}
