import { randomBytes } from "node:crypto";
import { expect, test } from "../fixtures/contract-test.ts";
import { hashMessage, hashTypedData } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { api, clientCredentialsToken, jsonOf, server, V2 } from "../fixtures/api.ts";
import { LINK_MESSAGE, linkedCustomer } from "../fixtures/customer.ts";
import { freePort } from "../fixtures/free-port.ts";
import { PERSONAL_FORM, uploadDocument, V4_PERSONAL_DETAILS } from "../fixtures/kyc.ts";
import { invalid } from "../fixtures/orders.ts";
import { productionEnvironment } from "../fixtures/production-instance.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import {
  demoCredentialsOf,
  sandboxKeyringFile,
  spawnServer,
  startDemoInstance,
  stopServer,
  waitFor,
} from "../fixtures/spawn-server.ts";
import { onPostgres } from "../fixtures/on-postgres.ts";

type Settings = {
  autoApprove: { enabled: boolean; delaySeconds: number };
  autoProcess: { enabled: boolean; delaySeconds: number };
  clockOffsetSeconds: number;
  now: string;
  updatedAt: string | null;
  updatedBy: string | null;
};

test("issue 9: GET /sandbox/settings reports the environment's settings and the sandbox's time; a token is required", async ({
  request,
}) => {
  const partner = { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
  const res = await request.get(api("/sandbox/settings"), { headers: partner });
  expect(res.status()).toBe(200);
  const body = (await jsonOf(res)) as Settings;
  // The shared test server starts with both automations off and has never been changed (tests that change it start
  // their own instance).
  expect(body).toEqual({
    autoApprove: { enabled: false, delaySeconds: 30 },
    autoProcess: { enabled: false, delaySeconds: 30 },
    clockOffsetSeconds: 0,
    now: expect.any(String) as unknown,
    updatedAt: null,
    updatedBy: null,
  });
  expect(Math.abs(Date.parse(body.now) - Date.now())).toBeLessThan(5_000);
  for (const headers of [{}, { authorization: "Bearer not-a-token" }] as Record<string, string>[]) {
    const refused = await request.get(api("/sandbox/settings"), { headers });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ code: 401, status: "Unauthorized", message: "Not authenticated" });
  }
  const wrongMethod = await request.post(api("/sandbox/settings"), { headers: partner, data: {} });
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers().allow).toBe("GET, PATCH, HEAD");
});

test("issue 9: PATCH /sandbox/settings refuses bad bodies with 400 and the field named, changing nothing", async ({
  request,
}) => {
  const partner = { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
  const cases: [unknown, Record<string, string>][] = [
    [{}, { body: "nothing to change: send autoApprove, autoProcess or clockOffsetSeconds" }],
    [{ clockOffset: 60 }, { body: "unknown setting clockOffset; use autoApprove, autoProcess or clockOffsetSeconds" }],
    [{ clockOffsetSeconds: -1 }, { clockOffsetSeconds: "cannot move the clock back: 0 or more" }],
    [{ clockOffsetSeconds: 2_592_001 }, { clockOffsetSeconds: "must be at most 2592000 seconds (30 days)" }],
    [{ clockOffsetSeconds: 1.5 }, { clockOffsetSeconds: "must be a whole number of seconds" }],
    [{ clockOffsetSeconds: "3600" }, { clockOffsetSeconds: "must be a whole number of seconds" }],
    [{ autoApprove: true }, { autoApprove: "must be an object with enabled and delaySeconds" }],
    [{ autoApprove: { enabled: "yes" } }, { "autoApprove.enabled": "must be true or false" }],
    [{ autoProcess: { delaySeconds: 1_000_000 } }, { "autoProcess.delaySeconds": "must be at most 999999 seconds" }],
    [
      { autoProcess: { enabled: true, after: 5 } },
      { autoProcess: "unknown field after; use enabled and delaySeconds" },
    ],
    [[], { body: "must be a JSON object" }],
  ];
  for (const [data, errors] of cases) {
    const res = await request.patch(api("/sandbox/settings"), { headers: partner, data });
    expect(res.status(), JSON.stringify(data)).toBe(400);
    expect(await jsonOf(res), JSON.stringify(data)).toEqual(invalid(errors));
  }
  const malformed = await request.patch(api("/sandbox/settings"), {
    headers: { ...partner, "content-type": "application/json" },
    data: "{not json",
  });
  expect(malformed.status()).toBe(400);
  expect(((await malformed.json()) as { code: number }).code).toBe(400);
  const unauthenticated = await request.patch(api("/sandbox/settings"), { data: { clockOffsetSeconds: 60 } });
  expect(unauthenticated.status()).toBe(401);
  const after = (await (await request.get(api("/sandbox/settings"), { headers: partner })).json()) as Settings;
  expect([after.clockOffsetSeconds, after.updatedAt]).toEqual([0, null]);
});

test("issue 9: PATCH /sandbox/settings changes what it names for the whole instance at once (auto-approve switched on approves KYC) and logs who changed it", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const target = await startDemoInstance(await freePort(), {
    TOKENRAIL_SANDBOX_AUTO_APPROVE: "off",
    TOKENRAIL_SANDBOX_AUTO_PROCESS: "12",
  });
  try {
    const partner = { authorization: `Bearer ${await clientCredentialsToken(request, target)}`, accept: V2 };
    const url = `${target.baseUrl}/sandbox/settings`;
    const initial = (await (await request.get(url, { headers: partner })).json()) as Settings;
    expect(initial).toMatchObject({
      autoApprove: { enabled: false, delaySeconds: 30 },
      autoProcess: { enabled: true, delaySeconds: 12 },
      clockOffsetSeconds: 0,
    });
    const res = await request.patch(url, {
      headers: { ...partner, "x-request-id": "sandbox-settings-e2e-1" },
      data: { autoApprove: { enabled: true, delaySeconds: 1 }, clockOffsetSeconds: 7200 },
    });
    expect(res.status(), await res.text()).toBe(200);
    const changed = (await jsonOf(res)) as Settings;
    expect(changed).toEqual({
      autoApprove: { enabled: true, delaySeconds: 1 },
      autoProcess: { enabled: true, delaySeconds: 12 },
      clockOffsetSeconds: 7200,
      now: expect.any(String) as unknown,
      updatedAt: expect.any(String) as unknown,
      updatedBy: `client:${target.demo.clientId}`,
    });
    expect(Date.parse(changed.now) - Date.now()).toBeGreaterThan(7_195_000);
    // The next read (any route, any request) sees the same, and the token issued two hours "ago" has expired.
    const read = await request.get(url, { headers: partner });
    expect(read.status()).toBe(401);
    const fresh = { authorization: `Bearer ${await clientCredentialsToken(request, target)}`, accept: V2 };
    const again = (await (await request.get(url, { headers: fresh })).json()) as Settings;
    expect({ ...again, now: "" }).toEqual({ ...changed, now: "" });
    // Logged with the request id and who did it.
    await expect
      .poll(() => target.server.output(), { timeout: 5_000 })
      .toMatch(/"reqId":"sandbox-settings-e2e-1".*"actor":"client:[0-9a-f-]{36}".*"msg":"sandbox settings changed"/);
    // Auto-approve, switched on at run time, approves a complete KYC submission by itself.
    const customer = await linkedCustomer(request, { target });
    const fileId = await uploadDocument(request, customer.partner, { baseUrl: target.baseUrl });
    for (const [path, data] of [
      ["details", V4_PERSONAL_DETAILS],
      ["form", PERSONAL_FORM],
      ["verifications", { personal: [{ kind: "idDocument", fileId }] }],
    ] as const) {
      const res = await request.patch(`${target.baseUrl}/profiles/${customer.profile}/${path}`, {
        headers: customer.partner,
        data,
      });
      expect(res.status()).toBe(202);
    }
    const stateOf = async () =>
      (
        (await (
          await request.get(`${target.baseUrl}/profiles/${customer.profile}`, { headers: customer.partner })
        ).json()) as { state: string }
      ).state;
    await expect.poll(stateOf, { intervals: [500], timeout: 20_000 }).toBe("approved");
    const back = await request.patch(url, { headers: fresh, data: { clockOffsetSeconds: 0 } });
    expect(((await back.json()) as Settings).clockOffsetSeconds).toBe(0);
  } finally {
    await stopServer(target.server);
  }
});

/**
 * On PostgreSQL several instances share one database: a clock offset set through one reaches the other within its
 * refresh period. A production instance on the same database has no simulator. They get a database of their own, so
 * the shared test server's settings never move.
 */

onPostgres("several instances on one PostgreSQL", () => {
  test("issue 9: a clock offset set on one instance expires tokens on the other; production answers 404", async ({
    request,
  }) => {
    test.setTimeout(120_000);
    const database = (await scratchDatabase("tokenrail_e2e_sandbox"))!;
    const shared = { ...database.env, TOKENRAIL_SECRET: randomBytes(32).toString("base64url") };
    const first = await startDemoInstance(await freePort(), shared);
    const demo = {
      ...demoCredentialsOf(first),
    };
    const second = await startDemoInstance(await freePort(), { ...shared, ...demo });
    const productionPort = await freePort();
    // Production runs on real chains: a local devnet stands in for one.
    const { env: productionEnv, devnet } = await productionEnvironment(shared.DATABASE_URL);
    // Production reads what the sandbox instances sealed: it is given their keyring (theirs derive from the secret).
    const production = spawnServer(productionPort, {
      ...productionEnv,
      ...shared,
      TOKENRAIL_KEYRING_FILE: sandboxKeyringFile(first.server.dataDir),
    });
    try {
      // Both instances serve the same applications (the database's): the first one's demo credentials.
      const secondTarget = { baseUrl: second.baseUrl, demo: first.demo };
      const onSecond = { authorization: `Bearer ${await clientCredentialsToken(request, secondTarget)}`, accept: V2 };
      expect((await request.get(`${second.baseUrl}/auth/context`, { headers: onSecond })).status()).toBe(200);
      const onFirst = { authorization: `Bearer ${await clientCredentialsToken(request, first)}`, accept: V2 };
      const moved = await request.patch(`${first.baseUrl}/sandbox/settings`, {
        headers: onFirst,
        data: { clockOffsetSeconds: 3 * 3600 },
      });
      expect(moved.status(), await moved.text()).toBe(200);
      // The second instance's clock follows within its refresh period: the token it issued has expired there.
      await expect
        .poll(async () => (await request.get(`${second.baseUrl}/auth/context`, { headers: onSecond })).status(), {
          intervals: [250],
          timeout: 6_000,
        })
        .toBe(401);

      await waitFor(`http://localhost:${productionPort}/livez`);
      for (const method of ["GET", "PATCH"] as const) {
        const res = await request.fetch(`http://localhost:${productionPort}/api/sandbox/settings`, {
          method,
          headers: { ...onFirst, "content-type": "application/json" },
          data: method === "PATCH" ? { clockOffsetSeconds: 60 } : undefined,
        });
        expect(res.status(), method).toBe(404);
        expect(await res.json()).toEqual({ code: 404, status: "Not Found", message: "Not found" });
      }
      const page = await request.get(`http://localhost:${productionPort}/sandbox`, { maxRedirects: 0 });
      expect(page.status()).toBe(404);
    } finally {
      await stopServer(production);
      await devnet.close();
      await stopServer(second.server);
      await stopServer(first.server);
      await database.drop();
    }
  });
});

test("issue 9: the simulator page sends visitors to sign in and back", async ({ request }) => {
  const res = await request.get(`${server.appUrl}/sandbox`, { maxRedirects: 0 });
  expect(res.status()).toBeGreaterThanOrEqual(300);
  expect(res.status()).toBeLessThan(400);
  expect(res.headers().location).toMatch(/\/sign-in\?next=%2Fsandbox$/);
});

test("issue 9: a sandbox Safe emits SignMsg for a message hash as given, completing what waits for it; message or msgHash, not both", async ({
  request,
}) => {
  const customer = await linkedCustomer(request);
  const safe = privateKeyToAccount(generatePrivateKey()).address;
  const owner = privateKeyToAccount(generatePrivateKey()).address;
  const deployed = await request.post(api("/sandbox/chains/sepolia/smart-accounts"), {
    headers: customer.partner,
    data: { address: safe, owners: [owner], threshold: 1 },
  });
  expect(deployed.status()).toBe(201);
  const linking = await request.post(api("/addresses"), {
    headers: customer.partner,
    data: { profile: customer.profile, address: safe, chain: "sepolia", signature: "0x" },
  });
  expect(linking.status()).toBe(202);
  const signedMessages = api(`/sandbox/chains/sepolia/smart-accounts/${safe}/signed-messages`);
  for (const data of [{}, { message: LINK_MESSAGE, msgHash: `0x${"ab".repeat(32)}` }]) {
    const refused = await request.post(signedMessages, { headers: customer.partner, data });
    expect(await jsonOf(refused)).toEqual(invalid({ message: "send either message or msgHash" }));
  }
  const short = await request.post(signedMessages, { headers: customer.partner, data: { msgHash: "0x1234" } });
  expect(await jsonOf(short)).toEqual(invalid({ msgHash: "must be 0x followed by 64 hexadecimal characters" }));
  // Safe's SafeMessage hash of the link message on sepolia, computed here independently of the server.
  const msgHash = hashTypedData({
    domain: { chainId: 11155111, verifyingContract: safe },
    types: { SafeMessage: [{ name: "message", type: "bytes" }] },
    primaryType: "SafeMessage",
    message: { message: hashMessage(LINK_MESSAGE) },
  });
  const signed = await request.post(signedMessages, {
    headers: customer.partner,
    data: { msgHash: msgHash.toUpperCase().replace("0X", "0x") },
  });
  expect(signed.status()).toBe(201);
  expect(await signed.json()).toEqual({ chain: "sepolia", address: safe, msgHash, linksCompleted: 1, ordersSigned: 0 });
  const linked = await request.get(api(`/addresses/${safe}`), { headers: customer.partner });
  expect(linked.status()).toBe(200);
});
