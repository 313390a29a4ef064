import { recordAudit } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { recordEvent } from "../events/record-event.ts";
import { evictAuth } from "../oauth/auth-cache.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { loadProfile, profileView, type ProfileView } from "../profiles/profile-view.ts";
import { resolveActor, retentionEnds, type RetentionActor } from "./retention-actor.ts";
import { mailRetentionNotice } from "./retention-mail.ts";
import { stateReasonData } from "../profiles/profile-name.ts";

/**
 * Closes a profile (C71), by its owner or by an operator with a reason: it takes no new orders and no IBAN, its
 * IBAN is closed, and the retention period runs from now. Orders still under way must end first, so nothing the
 * books wait for belongs to a closed profile.
 */
export async function closeProfile(options: {
  profileId: string;
  by: RetentionActor;
  reason?: string;
  config: Pick<Config, "retention">;
  clock?: Clock;
}): Promise<ProfileView> {
  const { profileId, actor } = await resolveActor(options.by, options.profileId);
  const now = (options.clock ?? serverClock)();
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const view = await closeInTransaction(tx, { profileId, now, reason: options.reason ?? null });
    await recordAudit(tx, {
      actor,
      action: "profile.close",
      subject: { type: "profile", id: profileId },
      before: { state: view.before },
      after: { state: "closed", closedAt: now.toISOString() },
      reason: options.reason ?? null,
      at: now,
    });
    await mailRetentionNotice(tx, profileId, {
      kind: "closed",
      retainedUntil: retentionEnds(now, options.config.retention.years),
    });
    return view.after;
  });
}

/**
 * The closing itself, inside the caller's transaction (an erasure request closes an open profile first). The profile
 * row is locked: a close racing an order or a review waits for it.
 */
export async function closeInTransaction(
  tx: Prisma.TransactionClient,
  options: { profileId: string; now: Date; reason: string | null },
): Promise<{ before: string; after: ProfileView }> {
  const { profileId, now } = options;
  await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${profileId}::uuid FOR UPDATE`;
  const profile = await loadProfile(tx, profileId);
  if (!profile) throw new AppError("NOT_FOUND", "Profile not found");
  if (profile.state === "closed") throw new AppError("CONFLICT", "The profile is closed already");
  const open = await tx.order.count({ where: { profileId, state: { in: ["placed", "pending"] } } });
  if (open > 0) {
    throw new AppError(
      "CONFLICT",
      `The profile has ${open} order(s) under way; close it once they are processed or rejected`,
    );
  }
  await tx.profile.update({
    where: { id: profileId },
    data: {
      state: "closed",
      closedAt: now,
      stateReason: stateReasonData(options.reason),
    },
  });
  await tx.iban.updateMany({ where: { profileId }, data: { state: "closed" } });
  const after = profileView({ ...profile, state: "closed" });
  await recordEvent(tx, { type: "profile.updated", profileId, data: after, at: now });
  // Callers cached with the profile's old state see it closed from the next request, on every instance.
  await evictAuth([`profile:${profileId}`], tx);
  return { before: profile.state, after };
}
