import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { findDemoClient } from "./demo-client.ts";
import { demoCredentials } from "./demo-credentials.ts";
import { seedDemo } from "./seed-demo.ts";

await setUpTestInstance("demo_client");

let demo: ReturnType<typeof demoCredentials>;
before(async () => {
  demo = demoCredentials(getConfig());
  await seedDemo(await db(), "sandbox", demo);
});

const registered = async () =>
  (await (await db()).oAuthClient.findUniqueOrThrow({ where: { id: demo.codeClientId } })).redirectUris;

describe("the demo integrator's client (issue 9)", () => {
  it("is the demo application's authorization-code client, with {app_url}/demo/callback beside the other URIs", async () => {
    const { appUrl } = getConfig();
    assert.deepEqual(await registered(), [
      "http://localhost:5173/callback",
      "http://127.0.0.1:5173/callback",
      `${appUrl}/demo/callback`,
    ]);
    assert.deepEqual(await findDemoClient({ environment: "sandbox", appUrl }), {
      clientId: demo.codeClientId,
      redirectUri: `${appUrl}/demo/callback`,
    });
  });

  it("a database seeded before the demo existed gets the URI at the next start", async () => {
    const prisma = await db();
    const { appUrl } = getConfig();
    await prisma.oAuthClient.update({
      where: { id: demo.codeClientId },
      data: { redirectUris: ["http://localhost:5173/callback", "http://127.0.0.1:5173/callback"] },
    });
    assert.equal(await findDemoClient({ environment: "sandbox", appUrl }), undefined);
    await seedDemo(prisma, "sandbox", demoCredentials(getConfig()));
    assert.ok((await registered()).includes(`${appUrl}/demo/callback`));
    assert.equal((await findDemoClient({ environment: "sandbox", appUrl }))?.clientId, demo.codeClientId);
  });

  it("is not found for an app URL the demo is not registered at, nor in another environment", async () => {
    assert.equal(await findDemoClient({ environment: "sandbox", appUrl: "https://elsewhere.example" }), undefined);
    assert.equal(await findDemoClient({ environment: "production", appUrl: getConfig().appUrl }), undefined);
  });
});
