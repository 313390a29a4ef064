import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { server } from "../fixtures/api.ts";
import { spawnServer, stopServer, waitFor } from "../fixtures/spawn-server.ts";

// Each test starts its own server process beside the shared one.
const extraPort = server.port + 1;
test.describe.configure({ mode: "serial" });

test("production refuses to start on the embedded database or without its own secret", async () => {
  const refused = spawnServer(extraPort, {
    TOKENRAIL_ENV: "production",
    DATABASE_URL: undefined,
    TOKENRAIL_SECRET: undefined,
  });
  try {
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain("DATABASE_URL: production needs a PostgreSQL server");
    expect(refused.output()).toContain("TOKENRAIL_SECRET: production needs its own secret");
  } finally {
    await stopServer(refused);
  }
});

test("a second sandbox instance runs beside the first with its own port and data directory", async () => {
  const second = spawnServer(extraPort, {
    DATABASE_URL: undefined,
    TOKENRAIL_DEMO_CLIENT_ID: undefined,
    TOKENRAIL_DEMO_CODE_CLIENT_ID: undefined,
    TOKENRAIL_DEMO_CLIENT_SECRET: undefined,
    LOG_LEVEL: "info",
  });
  try {
    const res = await waitFor(`http://localhost:${extraPort}/api`);
    expect(((await res.json()) as { baseUrl: string }).baseUrl).toBe(`http://localhost:${extraPort}/api`);
    expect(fs.existsSync(path.join(second.dataDir, "pglite"))).toBe(true);
    // Its banner shows freshly generated demo credentials, and they work on this instance only.
    const banner = second.output();
    expect(banner).toContain(`Open the web app:  http://localhost:${extraPort}`);
    const clientId = /Client-credentials client:\s+(\S+)/.exec(banner)?.[1] ?? "";
    const clientSecret = /Client secret:\s+(\S+)/.exec(banner)?.[1] ?? "";
    expect(clientId).not.toBe(server.demo.clientId);
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect((await fetch(`http://localhost:${extraPort}/api/auth/token`, { method: "POST", body: form })).status).toBe(
      200,
    );
    expect((await fetch(`${server.baseUrl}/auth/token`, { method: "POST", body: form })).status).toBe(400);
    // Structured request logs carry a request id.
    expect(second.output()).toMatch(/"reqId":"[0-9a-f-]{36}".*"path":"\/api\/auth\/token","status":200/);
  } finally {
    await stopServer(second);
  }
});
