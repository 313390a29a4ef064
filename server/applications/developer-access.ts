import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { uuidOrUndefined } from "../ids.ts";
import type { Caller } from "../oauth/caller.ts";

/** The grant type of a developer acting on their application in the developer portal (signed in, no token). */
export const DEVELOPER_IN_PORTAL = "developer_portal";

export type DeveloperApplication = {
  id: string;
  name: string;
  environment: "sandbox" | "production";
  profileId: string;
  /** Authorization-code client (public, PKCE). */
  codeClientId: string;
  /** Client-credentials client (confidential). */
  clientId: string;
};

/**
 * The application `applicationId` if `userId` may manage it: a member with `write` on the profile it belongs to.
 * Anything else is NOT_FOUND, so the portal never tells whether someone else's application exists.
 */
export async function developerApplication(options: {
  userId: string;
  applicationId: string;
}): Promise<DeveloperApplication> {
  const id = uuidOrUndefined(options.applicationId);
  if (!id) throw new AppError("NOT_FOUND", "No such application");
  const prisma = await db();
  const app = await prisma.application.findFirst({
    where: {
      id,
      profile: { members: { some: { userId: options.userId, perms: { has: "write" } } } },
    },
    select: {
      id: true,
      name: true,
      environment: true,
      profileId: true,
      clients: { select: { id: true, kind: true } },
    },
  });
  if (!app) throw new AppError("NOT_FOUND", "No such application");
  const clientOf = (kind: string) => app.clients.find((c) => c.kind === kind)?.id ?? "";
  return {
    id: app.id,
    name: app.name,
    environment: app.environment,
    profileId: app.profileId,
    codeClientId: clientOf("authorization_code"),
    clientId: clientOf("client_credentials"),
  };
}

/**
 * The developer as a caller of the application's own use cases (webhook subscriptions, deliveries): the same
 * application-scoped reads and writes a client-credentials token of the application would make.
 */
export function developerCaller(app: DeveloperApplication, userId: string): Caller {
  return {
    tokenId: "",
    clientId: app.clientId,
    applicationId: app.id,
    userId,
    profileId: app.profileId,
    grantType: DEVELOPER_IN_PORTAL,
  };
}
