import { AppError } from "../../errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";

/**
 * An approval waits while a potential sanctions hit on the profile is open (C64): refused, naming the case, so the
 * reviewer knows where it waits. Checked in the approving transaction, after the profile's row is locked.
 */
export async function refuseWhileScreeningOpen(tx: Prisma.TransactionClient, profileId: string): Promise<void> {
  const open = await tx.complianceCase.findFirst({
    where: { profileId, state: "open", holds: "approval" },
    orderBy: { seq: "asc" },
    select: { seq: true },
  });
  if (open) {
    throw new AppError(
      "CONFLICT",
      `A potential sanctions hit on this profile is open (case ${open.seq}): its approval waits for compliance's decision`,
    );
  }
}

/**
 * Whether a confirmed sanctions hit froze the profile (C66): then only two compliance officers may lift it, never
 * an unblock.
 */
export async function refuseUnblockWhileFrozen(tx: Prisma.TransactionClient, profileId: string): Promise<void> {
  const profile = await tx.profile.findUnique({ where: { id: profileId }, select: { frozenAt: true } });
  if (profile?.frozenAt) {
    throw new AppError(
      "CONFLICT",
      "The profile is frozen by a confirmed compliance case: unfreezing it needs two compliance officers",
    );
  }
}
