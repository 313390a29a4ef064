import { recordAudit } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { logger } from "../logging/logger.ts";
import { AppError } from "../errors.ts";
import {
  formatOffset,
  MAX_CLOCK_OFFSET_SECONDS,
  SANDBOX_SETTINGS_ID,
  settingsView,
  type SandboxSettings,
  type SandboxSettingsChange,
  type SandboxSettingsView,
} from "./sandbox-settings.schemas.ts";
import { assertSandbox } from "./sandbox-only.ts";
import { applySandboxSettings } from "./settings-cache.ts";
import { readSandboxSettings } from "./settings-store.ts";

/** Who changes the settings: an application's token (the API) or a person signed in to the console. */
export type SandboxActor =
  | { kind: "application"; clientId: string; userId: string; requestId: string }
  | { kind: "person"; userId: string; operator: boolean; requestId: string };

/**
 * `PATCH /sandbox/settings` and the simulator console: changes what is named, for every instance on the database.
 * The row is locked while it changes, so two changes at once both land (neither undoes the other). This instance
 * applies the result at once, the others at their next refresh. The change is logged with its request id; an
 * operator's is also in the audit log, in the same transaction.
 */
export async function changeSandboxSettings(options: {
  /** `advanceClockSeconds` moves the clock on from wherever it is when the change is made (the console's presets). */
  change: SandboxSettingsChange & { advanceClockSeconds?: number };
  actor: SandboxActor;
  config: Config;
  clock?: Clock;
}): Promise<SandboxSettingsView> {
  const { change, actor, config, clock = serverClock } = options;
  assertSandbox(config);
  const at = clock();
  const updatedBy = actor.kind === "application" ? `client:${actor.clientId}` : `user:${actor.userId}`;
  const prisma = await db();
  const { before, after } = await prisma.$transaction(async (tx) => {
    const current = await readSandboxSettings(tx, config);
    await tx.sandboxSettings.createMany({ data: [row(current, at, updatedBy)], skipDuplicates: true });
    await tx.$queryRaw`SELECT "id" FROM "SandboxSettings" WHERE "id" = ${SANDBOX_SETTINGS_ID}::uuid FOR UPDATE`;
    const locked = await readSandboxSettings(tx, config);
    const clockOffsetSeconds =
      (change.clockOffsetSeconds ?? locked.clockOffsetSeconds) + (change.advanceClockSeconds ?? 0);
    if (clockOffsetSeconds > MAX_CLOCK_OFFSET_SECONDS) {
      throw new AppError("VALIDATION", "Validation errors", {
        clockOffsetSeconds: `The clock can run at most 30 days ahead; it is ${formatOffset(locked.clockOffsetSeconds)} ahead now`,
      });
    }
    const next: SandboxSettings = {
      autoApprove: { ...locked.autoApprove, ...change.autoApprove },
      autoProcess: { ...locked.autoProcess, ...change.autoProcess },
      clockOffsetSeconds,
      updatedAt: at,
      updatedBy,
    };
    await tx.sandboxSettings.update({ where: { id: SANDBOX_SETTINGS_ID }, data: row(next, at, updatedBy) });
    if (actor.kind === "person" && actor.operator) {
      await recordAudit(tx, {
        actor: { userId: actor.userId, requestId: actor.requestId },
        action: "sandbox.settings",
        subject: { type: "sandbox", id: SANDBOX_SETTINGS_ID },
        before: auditable(locked),
        after: auditable(next),
        at,
      });
    }
    return { before: locked, after: next };
  });
  applySandboxSettings(after, config);
  logger().info(
    { reqId: actor.requestId, actor: updatedBy, before: auditable(before), after: auditable(after) },
    "sandbox settings changed",
  );
  return settingsView(after, clock());
}

function row(settings: SandboxSettings, at: Date, updatedBy: string) {
  return {
    id: SANDBOX_SETTINGS_ID,
    autoApprove: settings.autoApprove.enabled,
    autoApproveDelaySeconds: settings.autoApprove.delaySeconds,
    autoProcess: settings.autoProcess.enabled,
    autoProcessDelaySeconds: settings.autoProcess.delaySeconds,
    clockOffsetSeconds: settings.clockOffsetSeconds,
    updatedAt: at,
    updatedBy,
  };
}

function auditable(settings: SandboxSettings): Prisma.InputJsonObject {
  return {
    autoApprove: settings.autoApprove,
    autoProcess: settings.autoProcess,
    clockOffsetSeconds: settings.clockOffsetSeconds,
  };
}
