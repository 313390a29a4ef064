import { getConfig } from "@/server/config";
import { findDemoClient } from "@/server/instance/demo-client";
import type { DemoSettings } from "@/components/demo/demo-session";

/**
 * What the demo integrator needs to know about this instance, read on the server: the demo application's
 * authorization-code client, its redirect URI here and the API base URL. Everything else it learns over the API.
 */
export async function loadDemoSettings(): Promise<DemoSettings | undefined> {
  const config = getConfig();
  if (!config.seedDemo) return undefined;
  const client = await findDemoClient({ environment: config.environment, appUrl: config.appUrl });
  return client ? { clientId: client.clientId, redirectUri: client.redirectUri, baseUrl: config.baseUrl } : undefined;
}
