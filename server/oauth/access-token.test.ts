import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { demoCredentials } from "../instance/demo-credentials.ts";
import { seedDemo } from "../instance/seed-demo.ts";
import { storeAccessToken, type AccessTokenRow } from "./access-token-writer.ts";
import { authenticateBearer, CLIENT_CREDENTIALS } from "./authenticate-bearer.ts";
import { issueClientCredentialsToken } from "./issue-client-credentials-token.ts";
import { hashSecret, randomSecret } from "./secrets.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";

// Domain-level, on a real (embedded) database, with the clock injected: an hour passes without sleeping.
let demo: ReturnType<typeof demoCredentials>;
await setUpTestInstance("token");

before(async () => {
  demo = demoCredentials(getConfig());
  await seedDemo(await db(), "sandbox", demo);
});

const at = (iso: string) => () => new Date(iso);
const rejected = (e: unknown) => e instanceof AppError && e.code === "UNAUTHENTICATED";

describe("access tokens", () => {
  it("C14: a client-credentials token works for 3600 s and is rejected from then on", async () => {
    const issued = await issueClientCredentialsToken({
      clientId: demo.clientId,
      clientSecret: demo.clientSecret,
      clock: at("2026-01-01T00:00:00Z"),
    });
    assert.equal(issued.expires_in, 3600);
    const header = `Bearer ${issued.access_token}`;
    const caller = await authenticateBearer(header, at("2026-01-01T00:59:59.999Z"));
    assert.equal(caller.profileId, issued.profile);
    await assert.rejects(authenticateBearer(header, at("2026-01-01T01:00:00Z")), rejected);
  });

  it("C15: the database holds only hashes of client secrets and access tokens", async () => {
    const issued = await issueClientCredentialsToken({ clientId: demo.clientId, clientSecret: demo.clientSecret });
    const prisma = await db();
    const client = await prisma.oAuthClient.findUniqueOrThrow({ where: { id: demo.clientId } });
    assert.equal(client.secretHash, hashSecret(demo.clientSecret));
    const tokens = await prisma.accessToken.findMany({ select: { tokenHash: true } });
    assert.ok(tokens.some((t) => t.tokenHash === hashSecret(issued.access_token)));
    const dump = JSON.stringify([await prisma.oAuthClient.findMany(), await prisma.accessToken.findMany()]);
    assert.ok(!dump.includes(demo.clientSecret), "no client secret in the clear");
    assert.ok(!dump.includes(issued.access_token), "no access token in the clear");
  });

  it("issue 16: thirty concurrent tokens are distinct, each row committed by the time its request is answered", async () => {
    const issued = await Promise.all(
      Array.from({ length: 30 }, () =>
        issueClientCredentialsToken({ clientId: demo.clientId, clientSecret: demo.clientSecret }),
      ),
    );
    assert.equal(new Set(issued.map((t) => t.access_token)).size, 30);
    const prisma = await db();
    const rows = await prisma.accessToken.count({
      where: { tokenHash: { in: issued.map((t) => hashSecret(t.access_token)) } },
    });
    assert.equal(rows, 30);
  });

  it("issue 16: a row that cannot be stored fails its own request only, not the others grouped with it", async () => {
    const row = (clientId: string) => ({
      tokenHash: hashSecret(randomSecret()),
      clientId,
      profileId: "00000000-0000-4000-8000-000000000000",
      grantType: CLIENT_CREDENTIALS,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const prisma = await db();
    const client = await prisma.oAuthClient.findUniqueOrThrow({
      where: { id: demo.clientId },
      select: { application: { select: { profileId: true } } },
    });
    const good = (): AccessTokenRow => ({ ...row(demo.clientId), profileId: client.application.profileId });
    // Stored in one turn while an INSERT is in flight: the writer sends all four in the next one.
    const busy = storeAccessToken(good());
    const rows = [good(), row(demo.clientId), good(), good()];
    const outcomes = await Promise.allSettled(rows.map(storeAccessToken));
    await busy;
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ["fulfilled", "rejected", "fulfilled", "fulfilled"],
    );
  });
});
