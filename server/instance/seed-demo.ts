import type { Db } from "../db/client.ts";
import type { Environment } from "../environment.ts";
import { hashPassword, verifyPassword } from "../users/password.ts";
import { ALL_PRIVILEGES } from "../applications/privileges.ts";
import { hashSecret } from "../oauth/secrets.ts";
import { OPERATOR_ROLES, type OperatorRole } from "../operators/operator-roles.ts";
import type { DemoCredentials } from "./demo-credentials.ts";
import { openEmail, upsertUserByEmail, whereUserEmail } from "../users/user-email.ts";
import { profileNameData } from "../profiles/profile-name.ts";

/** Arbitrary constant: serialises seeding across instances that start together on one PostgreSQL. */
const SEED_LOCK = 72_431_906;
export const DEMO_APPLICATION_NAME = "Demo application";

/**
 * Creates the demo operator (every operator role) and one operator per role, a developer with an approved corporate profile, and the demo application with both
 * client ids. Idempotent: existing people keep their passwords; the application's clients follow the credentials
 * (so pinned ids and secret from the environment take effect on an existing database).
 */
export async function seedDemo(
  prisma: Db,
  environment: Environment,
  demo: DemoCredentials,
  options: { operatorPasswordPinned?: boolean } = {},
): Promise<{ passwordsKnown: boolean }> {
  // Hashing is deliberately slow; only people who do not exist yet need it.
  const existing = (
    await prisma.user.findMany({
      where: { OR: [whereUserEmail(demo.operatorEmail), whereUserEmail(demo.developerEmail)] },
      select: { id: true, email: true, passwordHash: true },
    })
  ).map((u) => ({ ...u, email: openEmail(u.email) }));
  // A pinned operator password (scripted demos, test suites) is made true even for an operator created earlier.
  const operator = existing.find((u) => u.email === demo.operatorEmail);
  if (
    operator &&
    options.operatorPasswordPinned &&
    !(await verifyPassword(demo.operatorPassword, operator.passwordHash))
  ) {
    await prisma.user.update({
      where: { id: operator.id },
      data: { passwordHash: await hashPassword(demo.operatorPassword) },
    });
    existing.splice(existing.indexOf(operator), 1);
  }
  const missing = (email: string) => !existing.some((u) => u.email === email);
  const [operatorHash, developerHash] = await Promise.all([
    missing(demo.operatorEmail) ? hashPassword(demo.operatorPassword) : null,
    missing(demo.developerEmail) ? hashPassword(demo.developerPassword) : null,
  ]);
  const roleHash = await roleOperatorsHash(prisma, demo, options.operatorPasswordPinned === true);
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
    const operator = await upsertUserByEmail(tx, demo.operatorEmail, {
      update: {},
      create: { name: "Operator", roles: ["admin"], passwordHash: operatorHash, emailVerifiedAt: new Date() },
    });
    // The demo operator holds every role (C58), so one person can try every part of the console.
    await tx.operator.upsert({
      where: { userId: operator.id },
      update: {},
      create: { userId: operator.id, roles: [...OPERATOR_ROLES] },
    });
    // One operator per role beside it, with the demo operator's password: what a reviewer, a treasurer or an admin
    // alone sees, and a second operator for four eyes (C59).
    for (const role of OPERATOR_ROLES) {
      const email = roleOperatorEmail(demo.operatorEmail, role);
      const person = await upsertUserByEmail(tx, email, {
        update: roleHash ? { passwordHash: roleHash } : {},
        create: { name: `Demo ${role}`, roles: ["admin"], passwordHash: roleHash, emailVerifiedAt: new Date() },
      });
      await tx.operator.upsert({
        where: { userId: person.id },
        update: {},
        create: { userId: person.id, roles: [role] },
      });
    }
    const developer = await upsertUserByEmail(tx, demo.developerEmail, {
      update: {},
      create: { name: "Demo Developer", passwordHash: developerHash, emailVerifiedAt: new Date() },
    });
    let application = await tx.application.findFirst({
      where: { ownerId: developer.id, name: DEMO_APPLICATION_NAME, environment },
    });
    if (!application) {
      const profile = await tx.profile.create({
        data: {
          kind: "corporate",
          name: profileNameData("Demo Integrator Ltd"),
          state: "approved",
          members: { create: { userId: developer.id, perms: ["read", "write"] } },
        },
      });
      application = await tx.application.create({
        data: { name: DEMO_APPLICATION_NAME, environment, profileId: profile.id, ownerId: developer.id },
      });
    }
    // The demo application holds every extra privilege, including ones added since it was created, so integrators
    // can try every flow.
    await tx.application.update({ where: { id: application.id }, data: { privileges: ALL_PRIVILEGES } });
    await tx.oAuthClient.upsert({
      where: { applicationId_kind: { applicationId: application.id, kind: "authorization_code" } },
      update: { id: demo.codeClientId, redirectUris: demo.redirectUris },
      create: {
        id: demo.codeClientId,
        applicationId: application.id,
        kind: "authorization_code",
        redirectUris: demo.redirectUris,
      },
    });
    await tx.oAuthClient.upsert({
      where: { applicationId_kind: { applicationId: application.id, kind: "client_credentials" } },
      update: { id: demo.clientId, secretHash: hashSecret(demo.clientSecret) },
      create: {
        id: demo.clientId,
        applicationId: application.id,
        kind: "client_credentials",
        secretHash: hashSecret(demo.clientSecret),
      },
    });
  });
  // People created earlier, e.g. by another instance sharing this database with a data directory of its own, keep
  // their passwords: the banner must not print ours unless they still match.
  const matches = await Promise.all(
    existing.map((u) =>
      verifyPassword(u.email === demo.operatorEmail ? demo.operatorPassword : demo.developerPassword, u.passwordHash),
    ),
  );
  return { passwordsKnown: matches.every(Boolean) };
}

/** The sandbox's demo operator of one role: `operator+reviewer@tokenrail.local` beside `operator@tokenrail.local`. */
export function roleOperatorEmail(operatorEmail: string, role: OperatorRole): string {
  const [local, domain] = operatorEmail.split("@");
  return `${local}+${role}@${domain}`;
}

/**
 * The password hash the demo operators of one role are given: when one is missing, or (a pinned password) one's no
 * longer matches; otherwise none (they keep theirs).
 */
async function roleOperatorsHash(prisma: Db, demo: DemoCredentials, pinned: boolean): Promise<string | null> {
  const emails = OPERATOR_ROLES.map((role) => roleOperatorEmail(demo.operatorEmail, role));
  const people = await prisma.user.findMany({
    where: { OR: emails.map(whereUserEmail) },
    select: { passwordHash: true },
  });
  const stale =
    people.length < emails.length ||
    (pinned &&
      !(await Promise.all(people.map((p) => verifyPassword(demo.operatorPassword, p.passwordHash)))).every(Boolean));
  return stale ? hashPassword(demo.operatorPassword) : null;
}
