import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { isAppError } from "../errors.ts";
import { requiredSections, sameSection } from "./kyc-rules.ts";
import { loadProfile } from "./profile-view.ts";
import { decide } from "./review-profile.ts";

/**
 * The sandbox's stand-in operator: a profile whose required sections are all submitted, untouched for
 * `delaySeconds`, gets every pending section approved, so integrators see the whole lifecycle (and its
 * `profile.updated` events) without anyone reviewing. Safe with several instances: `decide` locks the profile and
 * only decides what is still pending, so a profile another instance approved first is skipped.
 */
export async function approveCompleteProfiles(options: { delaySeconds: number; clock?: Clock }): Promise<string[]> {
  const { delaySeconds, clock = serverClock } = options;
  const now = clock();
  const cutoff = new Date(now.getTime() - delaySeconds * 1000);
  const prisma = await db();
  const candidates = await prisma.profile.findMany({
    where: {
      state: "pending",
      submissions: { some: { state: "pending" }, none: { state: "pending", submittedAt: { gt: cutoff } } },
    },
    select: { id: true },
    orderBy: { updatedAt: "asc" },
    take: 50,
  });
  const approved: string[] = [];
  for (const { id } of candidates) {
    const profile = await loadProfile(prisma, id);
    if (!profile) continue;
    const complete = requiredSections(profile.kycModel, profile.kind).every((r) =>
      profile.sections.some((s) => sameSection(s, r) && (s.state === "pending" || s.state === "approved")),
    );
    if (!complete) continue;
    try {
      await decide({ profileId: id, decision: { decision: "approve" }, clock });
      approved.push(id);
    } catch (error) {
      // Decided meanwhile (by the operator or another instance): nothing left to do here.
      if (!isAppError(error) || error.code !== "CONFLICT") throw error;
    }
  }
  return approved;
}
