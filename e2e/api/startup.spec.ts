import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "../fixtures/contract-test.ts";
import { clientCredentialsToken, server, V2 } from "../fixtures/api.ts";
import { linkedCustomer, REDIRECT, siweCode } from "../fixtures/customer.ts";
import { PERSONAL_FORM, uploadDocument, V4_PERSONAL_DETAILS } from "../fixtures/kyc.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { redeemBody } from "../fixtures/orders.ts";
import { demoCredentialsOf, spawnServer, startDemoInstance, stopServer, waitFor } from "../fixtures/spawn-server.ts";
import { WebhookReceiver } from "../fixtures/webhook-receiver.ts";
import { EMBEDDED_ONLY } from "../fixtures/embedded-only.ts";

// Each test starts its own server process beside the shared one.
const extraPort = server.port + 1;
test.describe.configure({ mode: "serial" });

test("production refuses to start on the embedded database or without its own secret", EMBEDDED_ONLY, async () => {
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

test(
  "a second sandbox instance runs beside the first with its own port and data directory",
  EMBEDDED_ONLY,
  async () => {
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
      expect(banner).toContain(`Developer portal:  http://localhost:${extraPort}/developers`);
      expect(banner).toContain(`API reference:     http://localhost:${extraPort}/docs`);
      expect(banner).toContain(`Sandbox simulator: http://localhost:${extraPort}/sandbox`);
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
      // Structured request logs carry a request id (the line may reach the pipe just after the response).
      await expect
        .poll(() => second.output(), { timeout: 5_000 })
        .toMatch(/"reqId":"[0-9a-f-]{36}".*"path":"\/api\/auth\/token","status":200/);
    } finally {
      await stopServer(second);
    }
  },
);

test(
  "C15: after a client-credentials token, a code, its tokens and a refresh, the database holds none of them, only hashes (signed client-credentials tokens: nothing at all)",
  EMBEDDED_ONLY,
  async ({ request }) => {
    // An instance of its own, a sign-up, a code flow and a refresh: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    const target = await startDemoInstance(extraPort);
    const instance = target.server;
    const issued: Record<string, string> = { "client secret": target.demo.clientSecret };
    let signed = "";
    let email = "";
    let profile = "";
    try {
      signed = await clientCredentialsToken(request, target);
      const customer = await linkedCustomer(request, { target });
      email = customer.email;
      profile = customer.profile;
      const { code, verifier } = await siweCode(request, customer.account, { target });
      issued.code = code;
      const exchanged = await request.post(`${target.baseUrl}/auth/token`, {
        form: {
          grant_type: "authorization_code",
          client_id: target.demo.codeClientId,
          redirect_uri: REDIRECT,
          code,
          code_verifier: verifier,
        },
      });
      expect(exchanged.status()).toBe(200);
      const first = (await exchanged.json()) as { access_token: string; refresh_token: string };
      issued["access token"] = first.access_token;
      issued["refresh token"] = first.refresh_token;
      const refreshed = await request.post(`${target.baseUrl}/auth/token`, {
        form: { grant_type: "refresh_token", client_id: target.demo.codeClientId, refresh_token: first.refresh_token },
      });
      expect(refreshed.status()).toBe(200);
      const second = (await refreshed.json()) as { access_token: string; refresh_token: string };
      issued["rotated access token"] = second.access_token;
      issued["rotated refresh token"] = second.refresh_token;
    } finally {
      await stopServer(instance, { keepData: true });
    }

    const database = new PGlite(path.join(instance.dataDir, "pglite"));
    try {
      const tables = await database.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
      );
      let dump = "";
      for (const { name } of tables.rows) {
        const rows = await database.query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`);
        dump += rows.rows.map((r) => r.row).join("\n");
      }
      // The dump is the real thing: the customer's profile is in it (their address sealed, C70), and so is the hash of
      // every secret.
      expect(dump).toContain(profile);
      expect(dump).not.toContain(email);
      for (const [what, value] of Object.entries(issued)) {
        expect(dump, `${what} stored in the clear`).not.toContain(value);
        expect(dump, `hash of the ${what}`).toContain(createHash("sha256").update(value).digest("hex"));
      }
      // A client-credentials token is signed and self-contained: neither it, its signature nor a hash of it is kept.
      const signature = signed.split(".").at(-1) ?? "";
      expect(signature.length).toBeGreaterThan(20);
      for (const piece of [signed, signature, createHash("sha256").update(signed).digest("hex")]) {
        expect(dump, "the client-credentials token or its signature stored").not.toContain(piece);
      }
    } finally {
      await database.close();
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
  },
);

test(
  "the sandbox approves complete KYC on its own after the configured delay; incomplete KYC waits",
  EMBEDDED_ONLY,
  async ({ request }) => {
    const target = await startDemoInstance(extraPort, { TOKENRAIL_SANDBOX_AUTO_APPROVE: "1" });
    const instance = target.server;
    try {
      const partner = { authorization: `Bearer ${await clientCredentialsToken(request, target)}`, accept: V2 };
      const signUp = async () => {
        const res = await request.post(`${target.baseUrl}/auth/signup`, {
          headers: partner,
          data: { email: `auto-${randomUUID()}@example.com` },
        });
        return ((await res.json()) as { profile: string }).profile;
      };
      const [complete, incomplete] = [await signUp(), await signUp()];
      const fileId = await uploadDocument(request, partner, { baseUrl: target.baseUrl });
      for (const profile of [complete, incomplete]) {
        await request.patch(`${target.baseUrl}/profiles/${profile}/details`, {
          headers: partner,
          data: V4_PERSONAL_DETAILS,
        });
      }
      await request.patch(`${target.baseUrl}/profiles/${complete}/form`, { headers: partner, data: PERSONAL_FORM });
      await request.patch(`${target.baseUrl}/profiles/${complete}/verifications`, {
        headers: partner,
        data: { personal: [{ kind: "idDocument", fileId }] },
      });
      const stateOf = async (profile: string) =>
        (
          (await (await request.get(`${target.baseUrl}/profiles/${profile}`, { headers: partner })).json()) as {
            state: string;
          }
        ).state;
      await expect.poll(() => stateOf(complete), { timeout: 20_000 }).toBe("approved");
      expect(await stateOf(incomplete)).toBe("pending");
    } finally {
      await stopServer(instance);
    }
  },
);

test(
  "on autopilot the sandbox approves KYC, provisions the IBAN, mints a payment and processes a signed redeem order by itself",
  EMBEDDED_ONLY,
  async ({ request }) => {
    test.setTimeout(60_000);
    const target = await startDemoInstance(extraPort, {
      TOKENRAIL_SANDBOX_AUTO_APPROVE: "1",
      TOKENRAIL_SANDBOX_AUTO_PROCESS: "1",
      TOKENRAIL_IBAN_PROVISION_INTERVAL: "1",
    });
    const instance = target.server;
    try {
      const customer = await linkedCustomer(request, { target });
      const { partner, profile, account } = customer;
      const fileId = await uploadDocument(request, partner, { baseUrl: target.baseUrl });
      await request.patch(`${target.baseUrl}/profiles/${profile}/details`, {
        headers: partner,
        data: V4_PERSONAL_DETAILS,
      });
      await request.patch(`${target.baseUrl}/profiles/${profile}/form`, { headers: partner, data: PERSONAL_FORM });
      await request.patch(`${target.baseUrl}/profiles/${profile}/verifications`, {
        headers: partner,
        data: { personal: [{ kind: "idDocument", fileId }] },
      });
      const json = async (path: string) =>
        (await (await request.get(`${target.baseUrl}${path}`, { headers: partner })).json()) as Record<string, unknown>;
      await expect.poll(async () => (await json(`/profiles/${profile}`)).state, { timeout: 20_000 }).toBe("approved");

      const ibanRequest = await request.post(`${target.baseUrl}/ibans`, {
        headers: partner,
        data: { address: account.address, chain: "sepolia" },
      });
      expect(ibanRequest.status()).toBe(202);
      let iban = "";
      await expect
        .poll(
          async () => (iban = ((await json(`/ibans?profile=${profile}`)).ibans as { iban: string }[])[0]?.iban ?? ""),
          {
            timeout: 20_000,
          },
        )
        .not.toBe("");
      const paid = await request.post(`${target.baseUrl}/sandbox/payments`, {
        headers: partner,
        data: { iban, amount: "40" },
      });
      expect(paid.status()).toBe(201);
      expect(await paid.json()).toMatchObject({ kind: "issue", state: "processed", amount: "40.00" });

      const order = await request.post(`${target.baseUrl}/orders`, {
        headers: partner,
        data: await redeemBody(account, "15"),
      });
      expect(order.status()).toBe(200);
      const { id } = (await order.json()) as { id: string };
      await expect.poll(async () => (await json(`/orders/${id}`)).state, { timeout: 20_000 }).toBe("processed");
      const balances = await json(`/balances/sepolia/${account.address}`);
      expect(balances.balances).toEqual([{ currency: "eur", amount: "25.00" }]);
    } finally {
      await stopServer(instance);
    }
  },
);

test(
  "the operator withdraws the KYC privilege (403) and switches an application to the reliance model",
  EMBEDDED_ONLY,
  async ({ request }) => {
    const target = await startDemoInstance(extraPort, { TOKENRAIL_SANDBOX_AUTO_APPROVE: "off" });
    const instance = target.server;
    try {
      const operator = await operatorSession(target);
      const { applications } = (await (await operator.get("/api/admin/applications")).json()) as {
        applications: { id: string; name: string; privileges: string[]; kycModel: string }[];
      };
      const demo = applications.find((a) => a.name === "Demo application");
      expect(demo).toMatchObject({ privileges: ["sign_up", "submit_kyc"], kycModel: "sharing" });
      const change = (body: object) => operator.patch(`/api/admin/applications/${demo?.id}`, { data: body });

      const partner = { authorization: `Bearer ${await clientCredentialsToken(request, target)}`, accept: V2 };
      const signUp = async () =>
        (
          (await (
            await request.post(`${target.baseUrl}/auth/signup`, {
              headers: partner,
              data: { email: `kyc-${randomUUID()}@example.com` },
            })
          ).json()) as { profile: string }
        ).profile;
      const details = (profile: string) =>
        request.patch(`${target.baseUrl}/profiles/${profile}/details`, { headers: partner, data: V4_PERSONAL_DETAILS });

      expect((await change({ privileges: ["sign_up"] })).status()).toBe(200);
      const refused = await details(await signUp());
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toEqual({
        code: 403,
        status: "Forbidden",
        message: "Application from partner developer@tokenrail.local is not allowed to submit KYC data",
      });

      const switched = await change({ privileges: ["sign_up", "submit_kyc"], kycModel: "reliance" });
      expect(await switched.json()).toMatchObject({ kycModel: "reliance", privileges: ["sign_up", "submit_kyc"] });
      const profile = await signUp();
      expect(((await (await details(profile)).json()) as { verifications: unknown[] }).verifications).toEqual([]);
      const idDocument = await request.patch(`${target.baseUrl}/profiles/${profile}/verifications`, {
        headers: partner,
        data: { personal: [{ kind: "idDocument", fileId: randomUUID() }] },
      });
      expect(((await idDocument.json()) as { errors: object }).errors).toEqual({
        "personal.0.kind": "The KYC reliance model takes only enhancedDueDiligence verifications",
      });
      const approved = await operator.post(`/api/admin/profiles/${profile}/decision`, {
        data: { decision: "approve" },
      });
      expect(await approved.json()).toMatchObject({ state: "approved", details: { state: "approved" } });
      expect((await change({ kycModel: "neither" })).status()).toBe(400);
      await operator.dispose();
    } finally {
      await stopServer(instance);
    }
  },
);

test(
  "C23: webhook deliveries survive a crash: events recorded before it reach the receiver after a restart, each once",
  EMBEDDED_ONLY,
  async ({ request }) => {
    test.setTimeout(90_000);
    const receiver = new WebhookReceiver();
    const url = await receiver.start();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-crash-"));
    const first = await startDemoInstance(extraPort, { TOKENRAIL_DATA_DIR: dataDir });
    const restartEnv = {
      DATABASE_URL: undefined,
      TOKENRAIL_DATA_DIR: dataDir,
      ...demoCredentialsOf(first),
    };
    let second: ReturnType<typeof spawnServer> | undefined;
    try {
      const partner = { authorization: `Bearer ${await clientCredentialsToken(request, first)}`, accept: V2 };
      const subscribed = await request.post(`${first.baseUrl}/webhooks`, {
        headers: partner,
        data: { url, secret: receiver.secret, types: ["profile.updated"] },
      });
      expect(subscribed.status()).toBe(201);

      // The receiver is down (503) while three customers submit details; the last submission is followed at once by
      // a crash, perhaps before its event was even turned into a delivery.
      receiver.respond = () => 503;
      const profiles: string[] = [];
      for (let i = 0; i < 3; i++) {
        const signUp = await request.post(`${first.baseUrl}/auth/signup`, {
          headers: partner,
          data: { email: `crash-${randomUUID()}@example.com` },
        });
        const { profile } = (await signUp.json()) as { profile: string };
        profiles.push(profile);
        const details = await request.patch(`${first.baseUrl}/profiles/${profile}/details`, {
          headers: partner,
          data: V4_PERSONAL_DETAILS,
        });
        expect(details.status()).toBe(202);
        if (i === 0) await expect.poll(() => receiver.deliveries.length, { timeout: 10_000 }).toBeGreaterThan(0);
      }
      first.server.child.kill("SIGKILL");
      await first.server.exited;

      receiver.respond = () => 200;
      second = spawnServer(extraPort, restartEnv);
      await waitFor(`http://localhost:${extraPort}/api/tokens`);
      const deliveredFor = (profile: string) =>
        receiver.deliveries.filter(
          (d) => (d.data as { id?: string } | undefined)?.id === profile && receiver.answered.get(d) === 200,
        );
      await expect
        .poll(() => profiles.map((p) => deliveredFor(p).length), { timeout: 45_000, intervals: [500] })
        .toEqual([1, 1, 1]);
      // Every event was delivered with one id, whatever the attempts before the crash.
      for (const profile of profiles) {
        const ids = new Set(
          receiver.deliveries
            .filter((d) => (d.data as { id?: string } | undefined)?.id === profile)
            .map((d) => d.headers["webhook-id"]),
        );
        expect(ids.size).toBe(1);
      }
      expect(receiver.unverified).toEqual([]);
    } finally {
      if (first.server.child.exitCode === null) await stopServer(first.server);
      if (second) await stopServer(second);
      fs.rmSync(dataDir, { recursive: true, force: true });
      await receiver.stop();
    }
  },
);

test(
  "C24, C43: where private receivers are refused, loopback, private and metadata URLs in any spelling and plain http are 400",
  EMBEDDED_ONLY,
  async ({ request }) => {
    const target = await startDemoInstance(extraPort, { TOKENRAIL_WEBHOOK_PRIVATE_URLS: "refuse" });
    try {
      const partner = { authorization: `Bearer ${await clientCredentialsToken(request, target)}`, accept: V2 };
      const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
      for (const [url, reason] of [
        ["https://127.0.0.1:8443/hooks", "its host resolves to 127.0.0.1, which is not a public address"],
        ["https://localhost/hooks", /^its host resolves to (127\.0\.0\.1|::1), which is not a public address$/],
        ["https://10.0.0.7/hooks", "its host resolves to 10.0.0.7, which is not a public address"],
        [
          "https://169.254.169.254/latest/meta-data",
          "its host resolves to 169.254.169.254, which is not a public address",
        ],
        ["https://[fd00:ec2::254]/hooks", "its host resolves to fd00:ec2::254, which is not a public address"],
        ["http://example.com/hooks", "must be an https URL"],
      ] as const) {
        const res = await request.post(`${target.baseUrl}/webhooks`, { headers: partner, data: { url, secret } });
        expect(res.status(), url).toBe(400);
        const body = (await res.json()) as { code: number; message: string; errors: { url: string } };
        expect(body.message).toBe("Validation errors");
        if (typeof reason === "string") expect(body.errors.url).toBe(reason);
        else expect(body.errors.url).toMatch(reason);
      }
      // C43: other spellings of the same addresses.
      for (const [url, address] of [
        // IPv4 spellings the URL parser turns into dotted decimal.
        ["https://0x7f000001/hooks", "127.0.0.1"],
        ["https://2130706433/hooks", "127.0.0.1"],
        ["https://127.1/hooks", "127.0.0.1"],
        ["https://0177.0.0.1/hooks", "127.0.0.1"],
        ["https://0xa9.0xfe.0xa9.0xfe/latest/meta-data", "169.254.169.254"],
        ["https://100.64.0.1/hooks", "100.64.0.1"],
        // IPv6 addresses that carry an IPv4 one: mapped, compatible, NAT64, 6to4; and Teredo.
        ["https://[::ffff:127.0.0.1]/hooks", "::ffff:7f00:1"],
        ["https://[::ffff:7f00:1]/hooks", "::ffff:7f00:1"],
        ["https://[::127.0.0.1]/hooks", "::7f00:1"],
        ["https://[::7f00:1]/hooks", "::7f00:1"],
        ["https://[64:ff9b::127.0.0.1]/hooks", "64:ff9b::7f00:1"],
        ["https://[64:ff9b::a9fe:a9fe]/latest/meta-data", "64:ff9b::a9fe:a9fe"],
        ["https://[64:ff9b:1::a00:1]/hooks", "64:ff9b:1::a00:1"],
        ["https://[2002:a00:1::1]/hooks", "2002:a00:1::1"],
        ["https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hooks", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
        ["https://[0:0:0:0:0:0:0:1]/hooks", "::1"],
      ] as const) {
        const res = await request.post(`${target.baseUrl}/webhooks`, { headers: partner, data: { url, secret } });
        expect(res.status(), url).toBe(400);
        expect(await res.json(), url).toEqual({
          code: 400,
          status: "Bad Request",
          message: "Validation errors",
          errors: { url: `its host resolves to ${address}, which is not a public address` },
        });
      }
    } finally {
      await stopServer(target.server);
    }
  },
);
