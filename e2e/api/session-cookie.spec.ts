import { expect, test } from "../fixtures/contract-test.ts";
import { freePort } from "../fixtures/free-port.ts";
import { startDemoInstance, stopServer, type DemoInstance } from "../fixtures/spawn-server.ts";

// A forged or garbled session cookie is the visitor's doing: the request is served as signed out, and the server
// logs it below error level (anyone could otherwise fill the error log). An instance of its own, so its log is ours.
const FORGED = [
  "garbage",
  "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIiwia2lkIjoiZm9yZ2VkIn0..AAAAAAAAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA",
  "%00%ff",
  "a".repeat(3_000),
];

/** pino's numeric levels: 50 error, 60 fatal. */
function lines(output: string): { level?: number; msg?: string; kind?: string }[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level?: number; msg?: string; kind?: string });
}

test.describe("forged session cookies", () => {
  test.describe.configure({ timeout: 120_000 });
  let instance: DemoInstance;
  test.beforeAll(async () => {
    instance = await startDemoInstance(await freePort(), { LOG_LEVEL: "info" });
  });
  test.afterAll(async () => {
    await stopServer(instance.server);
  });

  test("a forged session cookie is served as signed out and logged without an error line", async () => {
    const before = instance.server.output().length;
    for (const token of FORGED) {
      const cookie = `authjs.session-token=${token}`;
      const session = await fetch(`${instance.appUrl}/web-auth/session`, { headers: { cookie } });
      expect(session.status, token).toBe(200);
      expect(await session.json(), token).toBeNull();
      const home = await fetch(`${instance.appUrl}/`, { headers: { cookie } });
      expect(home.status, token).toBe(200);
      const console = await fetch(`${instance.appUrl}/operator`, { headers: { cookie }, redirect: "manual" });
      expect(console.status, token).toBe(307);
      expect(console.headers.get("location"), token).toMatch(/\/sign-in\?next=%2Foperator$/);
    }
    // Logs are written as they happen; give the last request's line a moment to arrive.
    await expect
      .poll(() => lines(instance.server.output().slice(before)).filter((l) => l.kind === "JWTSessionError").length)
      .toBeGreaterThan(0);
    const logged = lines(instance.server.output().slice(before));
    expect(logged.filter((l) => (l.level ?? 0) >= 50)).toEqual([]);
    expect(instance.server.output().slice(before)).not.toContain("JWTSessionError: ");
    const refused = logged.filter((l) => l.kind === "JWTSessionError");
    expect(refused.every((l) => l.level === 40 && l.msg === "authentication refused")).toBe(true);
  });
});
