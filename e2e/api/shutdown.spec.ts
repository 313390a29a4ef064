import net from "node:net";
import { expect, test } from "../fixtures/contract-test.ts";
import { freePort } from "../fixtures/free-port.ts";
import { startDemoInstance, stopServer, type DemoInstance } from "../fixtures/spawn-server.ts";
import { EMBEDDED_ONLY } from "../fixtures/embedded-only.ts";

// A stopping instance finishes what it can and then exits: a client that never completes its request cannot keep it
// alive past the grace period (10 s), however long the server's own idle and header timeouts are.
test.describe("stopping an instance", () => {
  test.describe.configure({ timeout: 120_000 });
  let instance: DemoInstance;
  test.beforeAll(async () => {
    instance = await startDemoInstance(await freePort(), { LOG_LEVEL: "info" });
  });
  test.afterAll(async () => {
    await stopServer(instance.server);
  });

  test(
    "SIGTERM with a half-sent request open: the instance stops its jobs and exits within the grace period",
    EMBEDDED_ONLY,
    async () => {
      const { port } = new URL(instance.appUrl);
      const socket = net.connect(Number(port), "127.0.0.1");
      await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
      socket.write("GET /livez HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
      socket.on("error", () => undefined);
      const started = Date.now();
      instance.server.child.kill("SIGTERM");
      const code = await instance.server.exited;
      const elapsed = Date.now() - started;
      socket.destroy();
      expect(elapsed).toBeLessThan(15_000);
      expect([143, null]).toContain(code);
      const lines = instance.server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg?: string; signal?: string });
      expect(lines.some((line) => line.msg === "stopping" && line.signal === "SIGTERM")).toBe(true);
    },
  );
});
