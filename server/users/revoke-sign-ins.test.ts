import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { registerApplication, type RegisteredApplication } from "../applications/register-application.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { approveAuthorization } from "../oauth/decide-authorization.ts";
import { issueToken } from "../oauth/issue-token.ts";
import { hashSecret } from "../oauth/secrets.ts";
import { startAuthorization } from "../oauth/start-authorization.ts";
import { grantOperator } from "../operators/grant-operator.ts";
import { setOperatorEnabled } from "../operators/set-operator-enabled.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { hashPassword } from "./password.ts";
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
