import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Config } from "../config.ts";
import { randomSecret } from "../oauth/secrets.ts";

export type DemoCredentials = {
  operatorEmail: string;
  operatorPassword: string;
  developerEmail: string;
  developerPassword: string;
  codeClientId: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
};

export const DEMO_DEVELOPER_EMAIL = "developer@tokenrail.local";

/** Where the built-in demo integrator (`/demo`) receives the authorization code. */
export function demoRedirectUri(appUrl: string): string {
  return `${appUrl}/demo/callback`;
}

/**
 * The demo data's credentials. The database keeps only hashes, so the embedded default also keeps the plain values
 * in its private data directory to print them at every start. Environment variables pin the client ids and secret
 * for scripted demos and external test suites.
 */
export function demoCredentials(config: Config): DemoCredentials {
  const file = path.join(config.dataDir, "demo-credentials.json");
  let stored: Partial<DemoCredentials> = {};
  try {
    stored = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<DemoCredentials>;
  } catch {
    // First start: generated below.
  }
  const credentials: DemoCredentials = {
    operatorEmail: "operator@tokenrail.local",
    operatorPassword: config.demo.operatorPassword ?? stored.operatorPassword ?? randomSecret(12),
    developerEmail: DEMO_DEVELOPER_EMAIL,
    developerPassword: stored.developerPassword ?? randomSecret(12),
    codeClientId: config.demo.codeClientId ?? stored.codeClientId ?? randomUUID(),
    clientId: config.demo.clientId ?? stored.clientId ?? randomUUID(),
    clientSecret: config.demo.clientSecret ?? stored.clientSecret ?? randomSecret(),
    redirectUris: ["http://localhost:5173/callback", "http://127.0.0.1:5173/callback", demoRedirectUri(config.appUrl)],
  };
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return credentials;
}
