import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures/contract-test.ts";
import { freePort } from "../fixtures/free-port.ts";
import { spawnServer, startDemoInstance, stopServer, type DemoInstance } from "../fixtures/spawn-server.ts";
import { EMBEDDED_ONLY } from "../fixtures/embedded-only.ts";

/**
 * Issue 11: the client a per-client limit counts is the socket's peer, unless that peer is a trusted proxy
 * (`TOKENRAIL_TRUSTED_PROXIES`); then the right-most hop of `X-Forwarded-For` that is not a trusted proxy. Each
 * instance here allows two mails per client, on its own embedded database, so no other test's requests count.
 */

/** A password reset request: counted per address (5) and per client (here 2), whether the address is known or not. */
const reset = (instance: DemoInstance, forwardedFor?: string) =>
  fetch(`${instance.appUrl}/forgot-password/send`, {
    method: "POST",
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    body: new URLSearchParams({ email: `reset-${randomUUID()}@example.com` }),
  });

test.describe("issue 11: the client address of the per-client limits", () => {
  // Each test starts an instance of its own, which takes long on a busy machine.
  test.describe.configure({ timeout: 300_000 });

  test(
    "C55: behind no trusted proxy, a client's own X-Forwarded-For does not make it a new client: its third request is refused with 429 and Retry-After",
    EMBEDDED_ONLY,
    async () => {
      const instance = await startDemoInstance(await freePort(), { TOKENRAIL_ACCOUNT_MAILS_PER_CLIENT: "2" });
      try {
        expect((await reset(instance, "203.0.113.8")).status).toBe(200);
        expect((await reset(instance, "203.0.113.9")).status).toBe(200);
        const refused = await reset(instance, "198.51.100.1, 203.0.113.10");
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await reset(instance)).status).toBe(429);
      } finally {
        await stopServer(instance.server);
      }
    },
  );

  test(
    "C55: with the loopback trusted as a proxy, the client is the right-most hop that is not a trusted proxy",
    EMBEDDED_ONLY,
    async () => {
      const instance = await startDemoInstance(await freePort(), {
        TOKENRAIL_ACCOUNT_MAILS_PER_CLIENT: "2",
        TOKENRAIL_TRUSTED_PROXIES: "127.0.0.0/8, ::1",
      });
      try {
        expect((await reset(instance, "203.0.113.8")).status).toBe(200);
        // What the client wrote left of the address our proxy saw is not believed; a trusted hop is passed over.
        expect((await reset(instance, "198.51.100.1, 203.0.113.8, 127.0.0.5")).status).toBe(200);
        expect((await reset(instance, "198.51.100.2, 203.0.113.8")).status).toBe(429);
        // Another client behind the same proxy has its own budget.
        expect((await reset(instance, "203.0.113.9")).status).toBe(200);
        expect((await reset(instance, "2001:db8::1")).status).toBe(200);
        expect((await reset(instance, "2001:DB8:0::1")).status).toBe(200);
        expect((await reset(instance, "2001:db8::1")).status).toBe(429);
      } finally {
        await stopServer(instance.server);
      }
    },
  );

  test(
    "issue 11: a trusted-proxy setting that is not a list of addresses or CIDRs stops the instance at start",
    EMBEDDED_ONLY,
    async () => {
      const port = await freePort();
      const server = spawnServer(port, {
        DATABASE_URL: undefined,
        TOKENRAIL_TRUSTED_PROXIES: "10.0.0.0/33, proxy.lan",
      });
      try {
        expect(await server.exited).toBe(1);
        expect(server.output()).toContain("TOKENRAIL_TRUSTED_PROXIES");
      } finally {
        await stopServer(server);
      }
    },
  );
});
