import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { registerApplication, type RegisteredApplication } from "../applications/register-application.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { blindIndex } from "../keys/blind-index.ts";
import { countPlainRecords, sealPlainRecords } from "../keys/seal-plain-records.ts";
import { isSealed } from "../keys/sealed-value.ts";
import { approveAuthorization } from "../oauth/decide-authorization.ts";
import { issueToken } from "../oauth/issue-token.ts";
import { REQUEST_EMAIL } from "../oauth/request-email.ts";
import { hashSecret } from "../oauth/secrets.ts";
import { startAuthorization } from "../oauth/start-authorization.ts";
import { grantOperator } from "../operators/grant-operator.ts";
import { setOperatorEnabled } from "../operators/set-operator-enabled.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { hashPassword } from "./password.ts";
import { revokeSignIns } from "./revoke-sign-ins.ts";
import { setPasswordWithToken } from "./set-password.ts";

// What a password reset and a disabled operator end (C55), on a real database (PGlite, or PostgreSQL when
// DATABASE_URL is set), with time injected: the codes and the open authorization requests of the person too.
await setUpTestInstance("revoke_sign_ins");

const REDIRECT = "http://127.0.0.1:8765/callback";
const T0 = Date.parse("2026-03-01T10:00:00Z");
const at = (seconds: number) => () => new Date(T0 + seconds * 1000);
const stamp = () => randomBytes(4).toString("hex");
let app: RegisteredApplication;
let admin: string;

before(async () => {
  const prisma = await db();
  const dev = await prisma.user.create({ data: { email: `dev-${stamp()}@example.com`, emailVerifiedAt: new Date() } });
  const profile = await prisma.profile.create({ data: { kind: "corporate", name: "Integrator" } });
  app = await registerApplication({
    environment: "sandbox",
    profileId: profile.id,
    ownerId: dev.id,
    redirectUris: [REDIRECT],
    name: "Wallet",
  });
  admin = (await prisma.user.create({ data: { email: `admin-${stamp()}@example.com` } })).id;
  await prisma.$transaction((tx) => grantOperator(tx, { userId: admin, roles: ["admin"] }));
});

async function person() {
  const prisma = await db();
  const email = `person-${stamp()}@example.com`;
  const user = await prisma.user.create({
    data: { email, passwordHash: await hashPassword("correct horse battery"), emailVerifiedAt: new Date(T0) },
  });
  const profile = await prisma.profile.create({
    data: { kind: "personal", name: "Ada", members: { create: { userId: user.id, perms: ["read", "write"] } } },
  });
  return { email, userId: user.id, profileId: profile.id };
}

/** `/auth` for the demo client: the open request's id and the verifier of its challenge. */
async function openRequest(extra: { email?: string } = {}) {
  const verifier = randomBytes(32).toString("base64url");
  const started = await startAuthorization({
    request: {
      client_id: app.codeClientId,
      redirect_uri: REDIRECT,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      ...extra,
    },
    config: getConfig(),
    clock: at(0),
  });
  assert.equal(started.kind, "redirect");
  return {
    requestId: new URL(started.kind === "redirect" ? started.location : "").searchParams.get("request")!,
    verifier,
  };
}

/** Before the reset: one code exchanged for tokens, one code not yet exchanged, and three requests still open. */
async function signedInEverywhere(who: { email: string; userId: string; profileId: string }) {
  const issue = async () => {
    const { requestId, verifier } = await openRequest();
    const approved = await approveAuthorization({
      requestId,
      userId: who.userId,
      profileId: who.profileId,
      clock: at(1),
    });
    assert.equal(approved.kind, "redirect");
    const code = new URL(approved.kind === "redirect" ? approved.location : "").searchParams.get("code")!;
    return { code, verifier };
  };
  const exchange = (grant: { code: string; verifier: string }, seconds: number) =>
    issueToken({
      request: {
        grant_type: "authorization_code",
        client_id: app.codeClientId,
        redirect_uri: REDIRECT,
        code: grant.code,
        code_verifier: grant.verifier,
      },
      clock: at(seconds),
    });
  const tokens = await exchange(await issue(), 2);
  const pendingCode = await issue();
  // Open requests: one naming the person's address, one whose profile step chose their profile, and a stranger's.
  const named = await openRequest({ email: who.email.toUpperCase() });
  const chosen = await openRequest();
  const prisma = await db();
  await prisma.authorizationRequest.update({ where: { id: chosen.requestId }, data: { profileId: who.profileId } });
  const stranger = await openRequest({ email: `stranger-${stamp()}@example.com` });
  return { tokens, pendingCode, exchange, requests: { named, chosen, stranger } };
}

const refusedGrant = (e: unknown) => e instanceof AppError && e.code === "INVALID_GRANT";

async function expectAllEnded(
  who: { userId: string; profileId: string },
  before: Awaited<ReturnType<typeof signedInEverywhere>>,
) {
  await assert.rejects(before.exchange(before.pendingCode, 4), refusedGrant, "the code issued before is refused");
  await assert.rejects(
    issueToken({
      request: {
        grant_type: "refresh_token",
        client_id: app.codeClientId,
        refresh_token: before.tokens.refresh_token!,
      },
      clock: at(4),
    }),
    refusedGrant,
  );
  for (const name of ["named", "chosen"] as const) {
    const approved = await approveAuthorization({ requestId: before.requests[name].requestId, ...who, clock: at(4) });
    assert.equal(approved.kind, "error-page", `the request ${name} for them is over`);
  }
  const prisma = await db();
  const stranger = await prisma.authorizationRequest.findUniqueOrThrow({
    where: { id: before.requests.stranger.requestId },
  });
  assert.ok(stranger.expiresAt.getTime() > at(4)().getTime(), "someone else's request stays open");
}

describe("C55 everything a person is signed in with ends at once", () => {
  it("C55 a password reset voids their unexchanged codes and open authorization requests, not only tokens", async () => {
    const who = await person();
    const before = await signedInEverywhere(who);
    const prisma = await db();
    const token = randomBytes(32).toString("base64url");
    await prisma.passwordSetupToken.create({
      data: { tokenHash: hashSecret(token), userId: who.userId, purpose: "reset", expiresAt: at(600)() },
    });
    await setPasswordWithToken({ token, password: "a brand new password" }, at(3));
    await expectAllEnded(who, before);
  });

  it("C55 disabling an operator ends their sessions, tokens, codes and open requests", async () => {
    const who = await person();
    const prisma = await db();
    await prisma.$transaction((tx) => grantOperator(tx, { userId: who.userId, roles: ["reviewer"] }));
    const before = await signedInEverywhere(who);
    const { credentialVersion } = await prisma.user.findUniqueOrThrow({ where: { id: who.userId } });
    await setOperatorEnabled({ userId: who.userId, enabled: false, actor: { userId: admin }, clock: at(3) });
    const after = await prisma.user.findUniqueOrThrow({ where: { id: who.userId } });
    assert.equal(after.credentialVersion, credentialVersion + 1, "their web sessions end");
    await expectAllEnded(who, before);
  });
});

describe("C70 an open request's e-mail hint sealed at rest is still found when sign-ins end", () => {
  /** A request stored before sealing began, as the migration left it: the hint a JSON string, no index. */
  async function plainRequest(email: string): Promise<string> {
    const prisma = await db();
    const id = randomBytes(24).toString("base64url");
    await prisma.$executeRawUnsafe(
      `INSERT INTO "AuthorizationRequest" ("id", "clientId", "redirectUri", "codeChallenge", "email", "expiresAt")
       VALUES ($1, $2::uuid, $3, $4, to_jsonb($5::text), $6::timestamptz)`,
      id,
      app.codeClientId,
      REDIRECT,
      createHash("sha256").update(randomBytes(32)).digest("base64url"),
      email,
      at(1800)(),
    );
    return id;
  }

  const ended = async (id: string) => {
    const prisma = await db();
    const row = await prisma.authorizationRequest.findUniqueOrThrow({ where: { id } });
    return row.expiresAt.getTime() <= at(3)().getTime();
  };
  const revoke = async (userId: string) => {
    const prisma = await db();
    await prisma.$transaction((tx) => revokeSignIns(tx, userId, at(3)()));
  };

  it("C70 a hint is kept sealed and indexed; a plain one is ended by its value until the pass seals and indexes it, then by its index", async () => {
    const prisma = await db();
    const [first, second] = [await person(), await person()];
    const sealed = await openRequest({ email: first.email.toUpperCase() });
    const row = await prisma.authorizationRequest.findUniqueOrThrow({ where: { id: sealed.requestId } });
    assert.equal(isSealed(row.email), true);
    assert.equal(row.emailIndex, blindIndex(REQUEST_EMAIL, "email", first.email));
    const plainFirst = await plainRequest(first.email.toUpperCase());
    const plainSecond = await plainRequest(second.email.toUpperCase());
    const stranger = await plainRequest(`stranger-${stamp()}@example.com`);

    await revoke(first.userId);
    assert.deepEqual(
      [await ended(sealed.requestId), await ended(plainFirst), await ended(plainSecond), await ended(stranger)],
      [true, true, false, false],
      "the first person's requests end, sealed or plain; no one else's",
    );

    assert.ok((await countPlainRecords())["AuthorizationRequest.email"]! >= 2);
    await sealPlainRecords();
    assert.equal((await countPlainRecords())["AuthorizationRequest.email"], 0);
    const indexed = await prisma.authorizationRequest.findUniqueOrThrow({ where: { id: plainSecond } });
    assert.equal(isSealed(indexed.email), true);
    assert.equal(indexed.emailIndex, blindIndex(REQUEST_EMAIL, "email", second.email));
    const rows = await prisma.$queryRawUnsafe<{ text: string }[]>(
      `SELECT t::text AS text FROM "AuthorizationRequest" t`,
    );
    const dump = rows.map((r) => r.text).join("\n");
    for (const hint of [first.email, second.email].map((email) => email.toUpperCase())) {
      assert.equal(dump.includes(hint), false, `${hint} is not in the dump`);
    }

    await revoke(second.userId);
    assert.deepEqual([await ended(plainSecond), await ended(stranger)], [true, false]);
  });
});
