import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { PERSON_IN_APP, type Caller } from "../oauth/caller.ts";
import type { Privilege } from "./privilege-names.ts";
import { openEmail } from "../users/user-email.ts";

export { ALL_PRIVILEGES, PRIVILEGES, type Privilege } from "./privilege-names.ts";

const WHAT: Record<Privilege, string> = { sign_up: "sign up users", submit_kyc: "submit KYC data" };

/** The refusal of an operation that needs an extra privilege (`requirePrivilege`), for its route's spec. */
export const PRIVILEGED = { 403: "The application does not hold the privilege this operation needs" };

/**
 * Throws the reference's ForbiddenPartnerError unless the caller's application holds `privilege`. A person in
 * Tokenrail's own onboarding screens acts on their own profiles: no application privilege is involved.
 */
export async function requirePrivilege(
  caller: Pick<Caller, "applicationId" | "grantType">,
  privilege: Privilege,
): Promise<void> {
  if (caller.grantType === PERSON_IN_APP) return;
  const prisma = await db();
  const app = await prisma.application.findUniqueOrThrow({
    where: { id: caller.applicationId },
    select: { privileges: true, owner: { select: { email: true } } },
  });
  if (!app.privileges.includes(privilege)) {
    throw new AppError(
      "FORBIDDEN",
      `Application from partner ${openEmail(app.owner.email)} is not allowed to ${WHAT[privilege]}`,
    );
  }
}

/** The operator's decision: grant (or withdraw) extra privileges of an application. */
export async function setPrivileges(applicationId: string, privileges: Privilege[]): Promise<void> {
  const prisma = await db();
  await prisma.application.update({ where: { id: applicationId }, data: { privileges: [...new Set(privileges)] } });
}
