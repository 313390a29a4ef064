import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { validate } from "../validate.ts";
import { registerApplicationInputSchema } from "./portal.schemas.ts";
import { registerApplication, type RegisteredApplication } from "./register-application.ts";
import { storeLogo, type LogoUpload } from "./store-logo.ts";

/**
 * A developer registers an application in the portal, for a profile they may write to, in this instance's
 * environment. The application, its two clients and its logo are written together; the client secret is in the
 * answer this once.
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
      tx,
    });
    if (logo) {
      const logoFileId = await storeLogo({ logo, userId, applicationId: registered.applicationId, config, tx });
      await tx.application.update({ where: { id: registered.applicationId }, data: { logoFileId } });
    }
    return registered;
  });
}
