import { db } from "../db/client.ts";
import { validate } from "../validate.ts";
import { developerApplication } from "./developer-access.ts";
import { updateApplicationInputSchema } from "./portal.schemas.ts";

/**
 * A developer renames an application and replaces its redirect URIs (checked with the registration rules). Requests
 * already under way keep the URI they were started with; new ones must use one of these.
 */
export async function updateDeveloperApplication(options: {
  userId: string;
  applicationId: string;
  input: unknown;
}): Promise<{ name: string; redirectUris: string[] }> {
  const input = validate(updateApplicationInputSchema, options.input);
  const app = await developerApplication(options);
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    await tx.application.update({ where: { id: app.id }, data: { name: input.name } });
    await tx.oAuthClient.update({ where: { id: app.codeClientId }, data: { redirectUris: input.redirectUris } });
  });
  return { name: input.name, redirectUris: input.redirectUris };
}
