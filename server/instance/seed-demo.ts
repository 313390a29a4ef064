import type { Db } from "../db/client.ts";
import type { Environment } from "../environment.ts";
import { hashPassword, verifyPassword } from "../users/password.ts";
import { ALL_PRIVILEGES } from "../applications/privileges.ts";
import { hashSecret } from "../oauth/secrets.ts";
import type { DemoCredentials } from "./demo-credentials.ts";

/** Arbitrary constant: serialises seeding across instances that start together on one PostgreSQL. */
const SEED_LOCK = 72_431_906;
export const DEMO_APPLICATION_NAME = "Demo application";

/**
 * Creates the demo operator, a developer with an approved corporate profile, and the demo application with both
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
  const existing = await prisma.user.findMany({
    where: { email: { in: [demo.operatorEmail, demo.developerEmail] } },
    select: { email: true, passwordHash: true },
  });
  // A pinned operator password (scripted demos, test suites) is made true even for an operator created earlier.
  const operator = existing.find((u) => u.email === demo.operatorEmail);
  if (
    operator &&
    options.operatorPasswordPinned &&
    !(await verifyPassword(demo.operatorPassword, operator.passwordHash))
  ) {
    await prisma.user.update({
      where: { email: demo.operatorEmail },
      data: { passwordHash: await hashPassword(demo.operatorPassword) },
    });
    existing.splice(existing.indexOf(operator), 1);
  }
  const missing = (email: string) => !existing.some((u) => u.email === email);
  const [operatorHash, developerHash] = await Promise.all([
    missing(demo.operatorEmail) ? hashPassword(demo.operatorPassword) : null,
    missing(demo.developerEmail) ? hashPassword(demo.developerPassword) : null,
  ]);
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
    await tx.user.upsert({
      where: { email: demo.operatorEmail },
      update: {},
      create: {
        email: demo.operatorEmail,
        name: "Operator",
        roles: ["admin"],
        passwordHash: operatorHash,
        emailVerifiedAt: new Date(),
      },
    });
    const developer = await tx.user.upsert({
      where: { email: demo.developerEmail },
      update: {},
      create: {
        email: demo.developerEmail,
        name: "Demo Developer",
        passwordHash: developerHash,
        emailVerifiedAt: new Date(),
      },
    });
    let application = await tx.application.findFirst({
      where: { ownerId: developer.id, name: DEMO_APPLICATION_NAME, environment },
    });
    if (!application) {
      const profile = await tx.profile.create({
        data: {
          kind: "corporate",
          name: "Demo Integrator Ltd",
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
