import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { retentionEnds } from "./retention-actor.ts";

export type RetentionStatus = {
  closedAt: string | null;
  /** When the retention period ends and the scheduled job erases the profile. */
  eraseAfter: string | null;
  erasureRequestedAt: string | null;
  erasedAt: string | null;
};

/** Where a profile stands in its retention (C71), for the console. */
export async function retentionStatus(profileId: string, config: Pick<Config, "retention">): Promise<RetentionStatus> {
  const prisma = await db();
  const row = await prisma.profile.findUnique({
    where: { id: profileId },
    select: { closedAt: true, erasureRequestedAt: true, erasedAt: true },
  });
  const closedAt = row?.closedAt ?? null;
  return {
    closedAt: closedAt?.toISOString() ?? null,
    eraseAfter: closedAt ? retentionEnds(closedAt, config.retention.years).toISOString() : null,
    erasureRequestedAt: row?.erasureRequestedAt?.toISOString() ?? null,
    erasedAt: row?.erasedAt?.toISOString() ?? null,
  };
}
