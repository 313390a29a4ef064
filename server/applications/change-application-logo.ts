import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { developerApplication } from "./developer-access.ts";
import { storeLogo, type LogoUpload } from "./store-logo.ts";

/** A developer replaces the application's logo (`logo`) or removes it (`null`). Answers the new logo's File id. */
export async function changeApplicationLogo(options: {
  userId: string;
  applicationId: string;
  logo: LogoUpload | null;
  config: Config;
}): Promise<{ logoFileId?: string }> {
  const { userId, logo, config } = options;
  const app = await developerApplication(options);
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const logoFileId = logo ? await storeLogo({ logo, userId, applicationId: app.id, config, tx }) : null;
    await tx.application.update({ where: { id: app.id }, data: { logoFileId } });
    return { logoFileId: logoFileId ?? undefined };
  });
}
