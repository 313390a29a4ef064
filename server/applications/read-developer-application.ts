import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { developerApplication } from "./developer-access.ts";
import { withNameOpened } from "../profiles/profile-name.ts";

export type DeveloperApplicationDetails = {
  id: string;
  name: string;
  environment: "sandbox" | "production";
  profile: { id: string; kind: string; name: string };
  kycModel: "sharing" | "reliance";
  codeClientId: string;
  clientId: string;
  redirectUris: string[];
  privileges: string[];
  requestedPrivileges: string[];
  privilegeRequestNote: string;
  /** The logo's File id (it changes with every new logo), or undefined without one. */
  logoFileId?: string;
};

/** Everything the portal's settings page shows of an application the developer may manage; else NOT_FOUND. */
export async function readDeveloperApplication(options: {
  userId: string;
  applicationId: string;
}): Promise<DeveloperApplicationDetails> {
  const app = await developerApplication(options);
  const prisma = await db();
  const row = await prisma.application.findUnique({
    where: { id: app.id },
    select: {
      kycModel: true,
      privileges: true,
      requestedPrivileges: true,
      privilegeRequestNote: true,
      logoFileId: true,
      profile: { select: { id: true, kind: true, name: true } },
      clients: { where: { kind: "authorization_code" }, select: { redirectUris: true } },
    },
  });
  if (!row) throw new AppError("NOT_FOUND", "No such application");
  return {
    id: app.id,
    name: app.name,
    environment: app.environment,
    profile: withNameOpened(row.profile),
    kycModel: row.kycModel,
    codeClientId: app.codeClientId,
    clientId: app.clientId,
    redirectUris: row.clients[0]?.redirectUris ?? [],
    privileges: row.privileges,
    // What the operator has granted is no longer waiting, whether or not the request was cleared.
    requestedPrivileges: row.requestedPrivileges.filter((p) => !row.privileges.includes(p)),
    privilegeRequestNote: row.privilegeRequestNote ?? "",
    logoFileId: row.logoFileId ?? undefined,
  };
}
