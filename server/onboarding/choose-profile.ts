import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Onboarding } from "./onboarding-state.ts";

/**
 * The profile step: the person says whether they onboard as themselves or for a company. Personal uses their
 * personal profile (made at sign-up); corporate uses a corporate profile of theirs whose KYC has not started, or
 * makes one. A profile whose KYC has not started takes the KYC model of the application the person came through.
 * The choice is remembered on the request; the KYC screens follow it.
 */
export async function chooseProfile(options: {
  onboarding: Onboarding & { user: { id: string } };
  kind: "personal" | "corporate";
}): Promise<{ profileId: string }> {
  const { onboarding, kind } = options;
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const mine = await tx.profileMember.findMany({
      where: { userId: onboarding.user.id, perms: { has: "write" }, profile: { kind } },
      select: { profile: { select: { id: true, state: true } } },
      orderBy: { createdAt: "asc" },
    });
    const usable =
      kind === "personal"
        ? mine[0]?.profile
        : mine.map((m) => m.profile).find((p) => p.state === "created" || p.state === "approved");
    if (usable?.state === "created") {
      await tx.profile.update({ where: { id: usable.id }, data: { kycModel: onboarding.request.kycModel } });
    }
    const profileId =
      usable?.id ??
      (
        await tx.profile.create({
          data: {
            kind,
            kycModel: onboarding.request.kycModel,
            members: { create: { userId: onboarding.user.id, perms: ["read", "write"] } },
          },
          select: { id: true },
        })
      ).id;
    const { count } = await tx.authorizationRequest.updateMany({
      where: { id: onboarding.request.id, completedAt: null },
      data: { profileId },
    });
    if (count !== 1) throw new AppError("BAD_REQUEST", "This sign-in link has expired");
    return { profileId };
  });
}
