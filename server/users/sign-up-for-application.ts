import { z } from "zod";
import { requirePrivilege, PRIVILEGES } from "../applications/privileges.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { Caller } from "../oauth/caller.ts";
import { evictAuth } from "../oauth/auth-cache.ts";
import { sendPasswordSetup } from "../outbox/send-password-setup.ts";
import { emailSchema } from "./users.schemas.ts";
import { userEmailData, userNameData, whereUserEmail } from "./user-email.ts";

export const signUpRequestSchema = z.object({ email: emailSchema });

export type SignUpOutcome = { created: true; email: string; profile: string } | { created: false; email: string };

/**
 * SPEC endpoint 5 (`POST /auth/signup`, extra privileges): a person and a personal profile from an email the
 * application has validated. The application is granted the profile at once; the person gets a set-password link.
 */
export async function signUpForApplication(options: {
  caller: Caller;
  email: string;
  config: Config;
  clock?: Clock;
}): Promise<SignUpOutcome> {
  const { caller, email, config, clock = serverClock } = options;
  await requirePrivilege(caller, PRIVILEGES.signUp);
  const prisma = await db();
  const now = clock();
  const outcome = await prisma.$transaction(async (tx): Promise<SignUpOutcome> => {
    const existing = await tx.user.findFirst({ where: whereUserEmail(email), select: { id: true } });
    if (existing) return { created: false, email };
    const app = await tx.application.findUniqueOrThrow({
      where: { id: caller.applicationId },
      select: { name: true, kycModel: true },
    });
    const user = await tx.user.create({
      data: {
        ...userEmailData(email),
        name: userNameData(""),
        memberships: {
          create: { perms: ["read", "write"], profile: { create: { kind: "personal", kycModel: app.kycModel } } },
        },
      },
      select: { id: true, memberships: { select: { profileId: true } } },
    });
    const profile = user.memberships[0]!.profileId;
    await tx.applicationGrant.create({
      data: { applicationId: caller.applicationId, profileId: profile, userId: user.id },
    });
    await sendPasswordSetup(tx, {
      userId: user.id,
      email,
      applicationId: caller.applicationId,
      applicationName: app.name,
      config,
      now,
    });
    return { created: true, email, profile };
  });
  // The application's context now lists one more profile.
  if (outcome.created) await evictAuth([`client:${caller.clientId}`]);
  return outcome;
}
