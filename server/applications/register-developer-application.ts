import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { validate } from "../validate.ts";
import { requireVerifiedEmail } from "../users/email-verification-gate.ts";
import { registerApplicationInputSchema } from "./portal.schemas.ts";
import { registerApplication, type RegisteredApplication } from "./register-application.ts";
import { storeLogo, type LogoUpload } from "./store-logo.ts";

/**
 * A developer registers an application in the portal, for a profile they may write to, in this instance's
 * environment. The application, its two clients and its logo are written together; the client secret is in the
 * answer this once. In production the application waits in review until an operator approves it.
 */
export async function registerDeveloperApplication(options: {
  userId: string;
  input: unknown;
  logo?: LogoUpload;
  config: Config;
}): Promise<RegisteredApplication> {
  const { userId, logo, config } = options;
  const input = validate(registerApplicationInputSchema, options.input);
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    // A developer account proves its e-mail address before it registers anything.
    await requireVerifiedEmail(userId, tx);
    const member = await tx.profileMember.findFirst({
      where: { userId, profileId: input.profileId, perms: { has: "write" } },
      select: { profileId: true },
    });
    if (!member) {
      throw new AppError("VALIDATION", "Validation errors", { profileId: "Choose one of your profiles" });
    }
    const registered = await registerApplication({
      name: input.name,
      environment: config.environment,
      profileId: input.profileId,
      ownerId: userId,
      redirectUris: input.redirectUris,
      kycModel: input.kycModel,
      // In production an operator approves a new application before people can be sent through it.
      review: config.environment === "production" ? "pending" : "approved",
      tx,
    });
    if (logo) {
      const logoFileId = await storeLogo({ logo, userId, applicationId: registered.applicationId, config, tx });
      await tx.application.update({ where: { id: registered.applicationId }, data: { logoFileId } });
    }
    return registered;
  });
}
