import { db } from "../../db/client.ts";
import { openProfileName } from "../../profiles/profile-name.ts";

export type FrozenProfile = {
  id: string;
  name: string;
  frozenAt: string;
  /** The confirmed cases that froze it, by number. */
  cases: { id: string; number: number }[];
  /** An unfreezing waits for a second officer. */
  awaitingUnfreeze: boolean;
};

/** Every profile a confirmed hit froze (C66), longest frozen first, with its cases and any unfreezing asked for. */
export async function listFrozenProfiles(): Promise<FrozenProfile[]> {
  const prisma = await db();
  const profiles = await prisma.profile.findMany({
    where: { frozenAt: { not: null } },
    orderBy: { frozenAt: "asc" },
    select: { id: true, name: true, frozenAt: true },
  });
  if (profiles.length === 0) return [];
  const ids = profiles.map((p) => p.id);
  const cases = await prisma.complianceCase.findMany({
    where: { profileId: { in: ids }, state: "confirmed" },
    orderBy: { seq: "asc" },
    select: { id: true, seq: true, profileId: true },
  });
  const pending = await prisma.operatorApproval.findMany({
    where: { action: "profile.unfreeze", state: "pending", subjectId: { in: ids } },
    select: { subjectId: true },
  });
  const asked = new Set(pending.map((a) => a.subjectId));
  return profiles.map((p) => ({
    id: p.id,
    name: openProfileName(p.name),
    frozenAt: p.frozenAt!.toISOString(),
    cases: cases.filter((c) => c.profileId === p.id).map((c) => ({ id: c.id, number: Number(c.seq) })),
    awaitingUnfreeze: asked.has(p.id),
  }));
}
