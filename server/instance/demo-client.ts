import type { Environment } from "../environment.ts";
import { db } from "../db/client.ts";
import { DEMO_APPLICATION_NAME } from "./seed-demo.ts";
import { DEMO_DEVELOPER_EMAIL, demoRedirectUri } from "./demo-credentials.ts";
import { whereUserEmail } from "../users/user-email.ts";

export type DemoClient = { clientId: string; redirectUri: string };

/**
 * The demo application's authorization-code client, for the built-in demo integrator (`/demo`): its id and the
 * demo's redirect URI when that URI is registered (the seed adds it at every start). Undefined on an instance
 * without demo data.
 */
export async function findDemoClient(options: {
  environment: Environment;
  appUrl: string;
}): Promise<DemoClient | undefined> {
  const redirectUri = demoRedirectUri(options.appUrl);
  const prisma = await db();
  const client = await prisma.oAuthClient.findFirst({
    where: {
      kind: "authorization_code",
      redirectUris: { has: redirectUri },
      application: {
        name: DEMO_APPLICATION_NAME,
        environment: options.environment,
        owner: whereUserEmail(DEMO_DEVELOPER_EMAIL),
      },
    },
    select: { id: true },
  });
  return client ? { clientId: client.id, redirectUri } : undefined;
}
