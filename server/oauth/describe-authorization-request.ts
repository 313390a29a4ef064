import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { withNameOpened } from "../profiles/profile-name.ts";
import { requestEmail } from "./request-email.ts";

export type AuthorizationRequestView = {
  id: string;
  applicationName: string;
  redirectHost: string;
  email?: string;
  authMode?: "login" | "signup";
  skipKyc: boolean;
  skipCreateAccount: boolean;
};

/** What the onboarding screens may show about a pending request; undefined when it is unknown, used or expired. */
export async function describeAuthorizationRequest(
  id: string,
  clock: Clock = serverClock,
): Promise<AuthorizationRequestView | undefined> {
  const prisma = await db();
  const request = await prisma.authorizationRequest.findUnique({
    where: { id },
    include: { client: { select: { application: { select: { name: true } } } } },
  });
  if (!request || request.completedAt || request.expiresAt.getTime() <= clock().getTime()) return undefined;
  return {
    id,
    applicationName: request.client.application.name,
    redirectHost: new URL(request.redirectUri).host,
    email: requestEmail(request),
    authMode: request.authMode === "login" || request.authMode === "signup" ? request.authMode : undefined,
    skipKyc: request.skipKyc,
    skipCreateAccount: request.skipCreateAccount,
  };
}

/** The profiles a person may grant to an application (those they can write to). */
export async function grantableProfiles(userId: string) {
  const prisma = await db();
  const rows = await prisma.profileMember.findMany({
    where: { userId, perms: { has: "write" } },
    select: { profile: { select: { id: true, kind: true, name: true, state: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => withNameOpened(r.profile));
}
