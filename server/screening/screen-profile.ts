import { serverClock, type Clock } from "../clock.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { openScreeningCase } from "./cases/open-case.ts";
import { currentIndex } from "./current-index.ts";
import { profileSubjects } from "./screening-subjects.ts";
import { openValue } from "../keys/sealed-value.ts";
import { SUBMISSION_DATA } from "../profiles/submission-data.ts";

/**
 * Screens a profile's people and company against every list (C64): at KYC submission and again before approval.
 * Each potential hit opens a case holding the profile's approval (once per subject and entry). Returns the ids of
 * the profile's open cases that hold its approval, from this screening or an earlier one.
 */
export async function screenProfile(options: { profileId: string; clock?: Clock }): Promise<string[]> {
  const now = (options.clock ?? serverClock)();
  const prisma = await db();
  const profile = await prisma.profile.findUnique({
    where: { id: options.profileId },
    select: { id: true, kind: true, submissions: { where: { section: "details" }, select: { data: true } } },
  });
  if (!profile) return [];
  const subjects = profileSubjects(profile.kind, openValue(profile.submissions[0]?.data, SUBMISSION_DATA));
  const index = await currentIndex();
  const threshold = getConfig().screening.threshold;
  const found = subjects.flatMap((subject) =>
    index.screenName(subject.query, { threshold }).map((hit) => ({ subject, hit })),
  );
  return prisma.$transaction(async (tx) => {
    for (const { subject, hit } of found) {
      await openScreeningCase(tx, { profileId: profile.id, subject, hit, hold: { holds: "approval" }, now });
    }
    const open = await tx.complianceCase.findMany({
      where: { profileId: profile.id, state: "open", holds: "approval" },
      select: { id: true },
      orderBy: { seq: "asc" },
    });
    return open.map((c) => c.id);
  });
}
