import { db } from "../db/client.ts";
import { withNameOpened } from "../profiles/profile-name.ts";

export type WritableProfile = { id: string; kind: string; name: string };

/** Where a developer may register applications: the profiles on which they hold `write`. */
export async function writableProfiles(userId: string): Promise<WritableProfile[]> {
  const prisma = await db();
  const rows = await prisma.profile.findMany({
    where: { members: { some: { userId, perms: { has: "write" } } } },
    select: { id: true, kind: true, name: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map(withNameOpened);
}
