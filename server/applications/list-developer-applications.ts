import type { Environment } from "../environment.ts";
import { db } from "../db/client.ts";
import { withNameOpened } from "../profiles/profile-name.ts";

export type DeveloperApplicationSummary = {
  id: string;
  name: string;
  profile: { id: string; kind: string; name: string };
  codeClientId: string;
  clientId: string;
  privileges: string[];
  requestedPrivileges: string[];
  hasLogo: boolean;
  /** `pending` while an operator has not approved it (production), then `approved` or `rejected`. */
  review: "pending" | "approved" | "rejected";
  createdAt: Date;
};

/**
 * The applications a developer may manage (those of every profile they may write to) in `environment`, newest
 * first. An instance runs one environment, so these are all the developer's applications on it.
 */
export async function listDeveloperApplications(options: {
  userId: string;
  environment: Environment;
}): Promise<DeveloperApplicationSummary[]> {
  const prisma = await db();
  const rows = await prisma.application.findMany({
    where: {
      environment: options.environment,
      profile: { members: { some: { userId: options.userId, perms: { has: "write" } } } },
    },
    select: {
      id: true,
      name: true,
      privileges: true,
      requestedPrivileges: true,
      logoFileId: true,
      review: true,
      createdAt: true,
      profile: { select: { id: true, kind: true, name: true } },
      clients: { select: { id: true, kind: true } },
    },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    profile: withNameOpened(row.profile),
    codeClientId: row.clients.find((c) => c.kind === "authorization_code")?.id ?? "",
    clientId: row.clients.find((c) => c.kind === "client_credentials")?.id ?? "",
    privileges: row.privileges,
    requestedPrivileges: row.requestedPrivileges.filter((p) => !row.privileges.includes(p)),
    hasLogo: row.logoFileId !== null,
    review: row.review,
    createdAt: row.createdAt,
  }));
}
