import assert from "node:assert/strict";
import { createSecretKey, randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { rotateClientSecret } from "../applications/register-application.ts";
import { demoCredentials } from "../instance/demo-credentials.ts";
import { seedDemo } from "../instance/seed-demo.ts";
import { authenticateBearer } from "./authenticate-bearer.ts";
import { CLIENT_CREDENTIALS } from "./caller.ts";
import { issueClientCredentialsToken } from "./issue-client-credentials-token.ts";
import { hashSecret } from "./secrets.ts";
import { accessTokenKey, signAccessToken, verifyAccessToken } from "./signed-access-token.ts";
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
const issue = (clock?: () => Date) =>
  issueClientCredentialsToken({ clientId: demo.clientId, clientSecret: demo.clientSecret, clock });

describe("access tokens", () => {
  it("C14: a client-credentials token works for 3600 s and is rejected from then on", async () => {
    const issued = await issue(at("2026-01-01T00:00:00Z"));
    assert.equal(issued.expires_in, 3600);
    const header = `Bearer ${issued.access_token}`;
    const caller = await authenticateBearer(header, at("2026-01-01T00:59:59.999Z"));
    assert.equal(caller.profileId, issued.profile);
    assert.equal(caller.userId, issued.userId);
    assert.equal(caller.clientId, demo.clientId);
    assert.equal(caller.grantType, CLIENT_CREDENTIALS);
    await assert.rejects(authenticateBearer(header, at("2026-01-01T01:00:00Z")), rejected);
  });

  it("C15: nothing of a client-credentials token is stored; the client secret only as a hash", async () => {
    const prisma = await db();
    const before = await prisma.accessToken.count();
    const issued = await issue();
    assert.equal(await prisma.accessToken.count(), before, "no row written");
    const client = await prisma.oAuthClient.findUniqueOrThrow({ where: { id: demo.clientId } });
    assert.equal(client.secretHash, hashSecret(demo.clientSecret));
    const dump = JSON.stringify([await prisma.oAuthClient.findMany(), await prisma.accessToken.findMany()]);
    assert.ok(!dump.includes(demo.clientSecret), "no client secret in the clear");
    assert.ok(!dump.includes(issued.access_token.split(".")[2]!), "no token signature anywhere");
  });

  it("issue 16: thirty concurrent tokens are distinct and each works at once", async () => {
    const issued = await Promise.all(Array.from({ length: 30 }, () => issue()));
    const tokens = issued.map((t) => t.access_token);
    assert.equal(new Set(tokens).size, 30);
    const callers = await Promise.all(tokens.map((t) => authenticateBearer(`Bearer ${t}`)));
    assert.equal(new Set(callers.map((c) => c.tokenId)).size, 30);
  });

  it("issue 16: the signature is checked with the instance's own key; anything else is refused", async () => {
    const key = accessTokenKey(getConfig().secret);
    const { access_token: token } = await issue();
    assert.ok(verifyAccessToken(token, key));
    const claims = verifyAccessToken(token, key)!;
    assert.equal(verifyAccessToken(token, accessTokenKey(randomBytes(32).toString("base64url"))), undefined);
    const forged = signAccessToken({ ...claims, exp: claims.exp + 3600_000 }, createSecretKey(randomBytes(32)));
    assert.equal(verifyAccessToken(forged, key), undefined);
    const [prefix, payload, mac] = token.split(".") as [string, string, string];
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600_000 })).toString("base64url");
    for (const bad of [
      `${prefix}.${longer}.${mac}`,
      `${prefix}.${payload}.${mac.slice(0, -1)}`,
      `${prefix}.${payload}.${mac}A`,
      `${prefix}.${payload.slice(1)}.${mac}`,
      `tr2.${payload}.${mac}`,
      `${prefix}.${payload}`,
      forged,
    ]) {
      assert.equal(verifyAccessToken(bad, key), undefined, bad);
      await assert.rejects(authenticateBearer(`Bearer ${bad}`), rejected, bad);
    }
  });

  it("issue 16: rotating the secret refuses the tokens issued before, however the clocks stand", async () => {
    const secret = await rotateClientSecret({ applicationId: (await demoApplication()).id });
    const fresh = (clock?: () => Date) =>
      issueClientCredentialsToken({ clientId: demo.clientId, clientSecret: secret, clock });
    // One issued "later" than the next rotation by its clock: still refused once the secret changes.
    const early = await fresh(() => new Date(Date.now() + 600_000));
    await authenticateBearer(`Bearer ${early.access_token}`, () => new Date(Date.now() + 600_000));
    const rotated = await rotateClientSecret({ applicationId: (await demoApplication()).id });
    await assert.rejects(
      authenticateBearer(`Bearer ${early.access_token}`, () => new Date(Date.now() + 600_000)),
      rejected,
    );
    // Two rotations with the same clock reading (or a clock gone back): the second still refuses what the first let in.
    const same = () => new Date("2026-01-01T00:00:00Z");
    const first = await rotateClientSecret({ applicationId: (await demoApplication()).id, clock: same });
    assert.notEqual(first, rotated);
    const between = await issueClientCredentialsToken({ clientId: demo.clientId, clientSecret: first });
    await authenticateBearer(`Bearer ${between.access_token}`);
    const last = await rotateClientSecret({ applicationId: (await demoApplication()).id, clock: same });
    await assert.rejects(authenticateBearer(`Bearer ${between.access_token}`), rejected);
    const working = await issueClientCredentialsToken({ clientId: demo.clientId, clientSecret: last });
    assert.equal((await authenticateBearer(`Bearer ${working.access_token}`)).clientId, demo.clientId);
    demo = { ...demo, clientSecret: last };
  });
});

async function demoApplication() {
  const prisma = await db();
  return prisma.application.findFirstOrThrow({
    where: { clients: { some: { id: demo.clientId } } },
    select: { id: true },
  });
}
