import type { Config } from "../config.ts";
import type { DemoCredentials } from "./demo-credentials.ts";

function chains(config: Config): string {
  const gateway = config.chainGateway;
  if (gateway.kind === "sandbox") return "simulated in the database (sandbox)";
  const names = Object.keys(gateway.chains).join(", ");
  return config.devnet ? `local devnet, real transactions (${names})` : `EVM over JSON-RPC (${names})`;
}

/** The start-up message for people: where to go, and the demo credentials in the sandbox. */
export function banner(config: Config, demo: DemoCredentials | undefined, passwordsKnown = true): string {
  const database =
    config.database.kind === "pglite"
      ? `embedded PostgreSQL (PGlite) in ${config.database.dataDir}`
      : `PostgreSQL at ${new URL(config.database.url).host}`;
  const lines = [
    "",
    `  Tokenrail is running (${config.environment})`,
    "",
    `  Open the web app:  ${config.appUrl}`,
    `  API base URL:      ${config.baseUrl}`,
    `  API reference:     ${config.appUrl}/docs`,
    `  Database:          ${database}`,
    `  Chains:            ${chains(config)}`,
    "",
    `  Developer portal:  ${config.appUrl}/developers`,
    `  Demo app:          ${config.appUrl}/demo`,
    ...(config.environment === "sandbox" ? [`  Sandbox simulator: ${config.appUrl}/sandbox`] : []),
    `  Operator console:  ${config.appUrl}/operator`,
  ];
  if (demo) {
    lines.push(
      "",
      "  Demo data",
      ...(passwordsKnown
        ? [
            `    Operator sign-in:              ${demo.operatorEmail} / ${demo.operatorPassword}`,
            `    Developer sign-in:             ${demo.developerEmail} / ${demo.developerPassword}`,
          ]
        : [
            `    Operator and developer:        ${demo.operatorEmail}, ${demo.developerEmail}`,
            "                                   (passwords set by the instance that first seeded this database)",
          ]),
      '    Application "Demo application"',
      `      Authorization-code client:   ${demo.codeClientId}`,
      `      Redirect URIs:               ${demo.redirectUris.join(", ")}`,
      `      Client-credentials client:   ${demo.clientId}`,
      `      Client secret:               ${demo.clientSecret}`,
      "",
      "  Try it:",
      `    curl -s ${config.baseUrl}/auth/token -d grant_type=client_credentials \\`,
      `      -d client_id=${demo.clientId} -d client_secret=${demo.clientSecret}`,
    );
  }
  return `${lines.join("\n")}\n`;
}
