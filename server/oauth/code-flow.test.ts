import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { registerApplication, type RegisteredApplication } from "../applications/register-application.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { countPlainRecords, sealPlainRecords } from "../keys/seal-plain-records.ts";
import { isSealed } from "../keys/sealed-value.ts";
import { loadOnboarding } from "../onboarding/onboarding-state.ts";
import { authenticateBearer } from "./authenticate-bearer.ts";
import { getAuthContext } from "./get-auth-context.ts";
import { approveAuthorization, denyAuthorization } from "./decide-authorization.ts";
import { describeAuthorizationRequest } from "./describe-authorization-request.ts";
import { issueToken } from "./issue-token.ts";
import { authorizationServerMetadata } from "./issuer.ts";
import { startAuthorization } from "./start-authorization.ts";
import type { TokenRequest } from "./token.schemas.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";

// The code flow on a real database (PGlite, or PostgreSQL when DATABASE_URL is set), with time injected.
const REDIRECT = "http://127.0.0.1:8765/callback";
let app: RegisteredApplication;
let other: RegisteredApplication;
let person: { userId: string; profileId: string };

await setUpTestInstance("code");

before(async () => {
  const prisma = await db();
  const stamp = randomBytes(4).toString("hex");
  const dev = await prisma.user.create({ data: { email: `dev-${stamp}@example.com` } });
  const devProfile = await prisma.profile.create({ data: { kind: "corporate", name: "Integrator" } });
  const base = { environment: "sandbox" as const, profileId: devProfile.id, ownerId: dev.id };
  app = await registerApplication({ ...base, name: "Wallet", redirectUris: [REDIRECT, "https://wallet.example/cb"] });
  other = await registerApplication({ ...base, name: "Other", redirectUris: [REDIRECT] });
  const user = await prisma.user.create({ data: { email: `person-${stamp}@example.com` } });
  const profile = await prisma.profile.create({
    data: { kind: "personal", name: "Ada", members: { create: { userId: user.id, perms: ["read", "write"] } } },
  });
  person = { userId: user.id, profileId: profile.id };
});

const T0 = Date.parse("2026-03-01T10:00:00Z");
const at = (seconds: number) => () => new Date(T0 + seconds * 1000);

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** /auth then "Allow": returns the code from the redirect. */
async function authorize(options: { client?: RegisteredApplication; state?: string; clock?: () => Date } = {}) {
  const client = options.client ?? app;
  const { verifier, challenge } = pkce();
  const started = await startAuthorization({
    request: {
      client_id: client.codeClientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      state: options.state,
    },
    config: getConfig(),
    clock: options.clock ?? at(0),
  });
  assert.equal(started.kind, "redirect");
  const requestId = new URL(started.kind === "redirect" ? started.location : "").searchParams.get("request")!;
  const approved = await approveAuthorization({ requestId, ...person, clock: options.clock ?? at(0) });
  assert.equal(approved.kind, "redirect");
  const back = new URL(approved.kind === "redirect" ? approved.location : "");
  return {
    code: back.searchParams.get("code")!,
    state: back.searchParams.get("state"),
    iss: back.searchParams.get("iss"),
    verifier,
    requestId,
  };
}

const exchange = (fields: Partial<TokenRequest> & { code: string }, seconds = 1) =>
  issueToken({
    request: {
      grant_type: "authorization_code",
      client_id: app.codeClientId,
      redirect_uri: REDIRECT,
      ...fields,
    },
    clock: at(seconds),
  });

const refresh = (refresh_token: string, client_id = app.codeClientId, seconds = 2) =>
  issueToken({ request: { grant_type: "refresh_token", client_id, refresh_token }, clock: at(seconds) });

const fails = (code: AppError["code"], message?: string | RegExp) => (e: unknown) =>
  e instanceof AppError &&
  e.code === code &&
  (message === undefined || (typeof message === "string" ? e.message === message : message.test(e.message)));

const works = async (token: string, seconds = 3) => authenticateBearer(`Bearer ${token}`, at(seconds));
const dead = (token: string, seconds = 3) => assert.rejects(works(token, seconds), fails("UNAUTHENTICATED"));

describe("authorization-code flow", () => {
  it("Allow redirects with a code and the state; the code buys tokens for that person and profile", async () => {
    const { code, state, verifier } = await authorize({ state: "xyz" });
    assert.equal(state, "xyz");
    assert.match(code, /^[A-Za-z0-9_-]{43}$/);
    const tokens = await exchange({ code, code_verifier: verifier });
    assert.equal(tokens.expires_in, 3600);
    assert.equal(tokens.token_type, "Bearer");
    assert.equal(tokens.profile, person.profileId);
    assert.equal(tokens.userId, person.userId);
    assert.ok(tokens.refresh_token);
    const caller = await works(tokens.access_token);
    assert.equal(caller.userId, person.userId);
  });

  it("issue 17: Allow and Deny both name the issuer in iss, exactly as the metadata does (RFC 9207)", async () => {
    const { issuer } = authorizationServerMetadata(getConfig());
    assert.equal((await authorize({ state: "i1" })).iss, issuer);
    const { challenge } = pkce();
    const started = await startAuthorization({
      request: { client_id: app.codeClientId, redirect_uri: REDIRECT, code_challenge: challenge, state: "i2" },
      config: getConfig(),
    });
    const requestId = new URL(started.kind === "redirect" ? started.location : "").searchParams.get("request")!;
    const denied = await denyAuthorization({ requestId, config: getConfig() });
    const back = new URL(denied.kind === "redirect" ? denied.location : "");
    assert.equal(back.searchParams.get("error"), "access_denied");
    assert.equal(back.searchParams.get("iss"), issuer);
  });

  it("Deny redirects with error=access_denied and the state, and the request cannot be approved afterwards", async () => {
    const { challenge } = pkce();
    const started = await startAuthorization({
      request: { client_id: app.codeClientId, redirect_uri: REDIRECT, code_challenge: challenge, state: "s1" },
      config: getConfig(),
    });
    const requestId = new URL(started.kind === "redirect" ? started.location : "").searchParams.get("request")!;
    const denied = await denyAuthorization({ requestId, config: getConfig() });
    const back = new URL(denied.kind === "redirect" ? denied.location : "");
    assert.equal(back.searchParams.get("error"), "access_denied");
    assert.equal(back.searchParams.get("state"), "s1");
    assert.equal((await approveAuthorization({ requestId, ...person })).kind, "error-page");
  });

  for (const [title, verifier] of [
    ["42 characters", "a".repeat(42)],
    ["129 characters", "a".repeat(129)],
    ["a character outside the unreserved set", `${"a".repeat(42)}+`],
  ] as const) {
    it(`C6: a code_verifier of ${title} fails`, async () => {
      const { code } = await authorize();
      await assert.rejects(exchange({ code, code_verifier: verifier }), fails("INVALID_GRANT"));
    });
  }

  it("C6: a well-formed but wrong code_verifier fails, and the code still works with the right one", async () => {
    const { code, verifier } = await authorize();
    await assert.rejects(
      exchange({ code, code_verifier: pkce().verifier }),
      fails("INVALID_GRANT", "code_verifier does not match the code_challenge"),
    );
    assert.ok((await exchange({ code, code_verifier: verifier })).access_token);
  });

  it("C7: a code redeemed a second time fails and the tokens from its first use are revoked", async () => {
    const { code, verifier } = await authorize();
    const first = await exchange({ code, code_verifier: verifier });
    await works(first.access_token);
    await assert.rejects(exchange({ code, code_verifier: verifier }), fails("INVALID_GRANT"));
    await dead(first.access_token);
    await assert.rejects(refresh(first.refresh_token!), fails("INVALID_GRANT"));
  });

  it("C8: two parallel token requests with the same code: exactly one succeeds", async () => {
    const { code, verifier } = await authorize();
    const results = await Promise.allSettled([
      exchange({ code, code_verifier: verifier }),
      exchange({ code, code_verifier: verifier }),
    ]);
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
    assert.equal(results.filter((r) => r.status === "rejected").length, 1);
  });

  it("C9: a code is good for 10 minutes and fails after", async () => {
    const late = await authorize();
    await assert.rejects(exchange({ code: late.code, code_verifier: late.verifier }, 600), fails("INVALID_GRANT"));
    const inTime = await authorize();
    assert.ok((await exchange({ code: inTime.code, code_verifier: inTime.verifier }, 599)).access_token);
  });

  it("C10: a code redeemed by another client or with another redirect_uri fails", async () => {
    const { code, verifier } = await authorize();
    await assert.rejects(
      exchange({ code, code_verifier: verifier, client_id: other.codeClientId }),
      fails("INVALID_GRANT"),
    );
    await assert.rejects(
      exchange({ code, code_verifier: verifier, redirect_uri: "https://wallet.example/cb" }),
      fails("INVALID_GRANT", "redirect_uri differs from the one the code was issued for"),
    );
    assert.ok((await exchange({ code, code_verifier: verifier })).access_token, "the rightful client still can");
  });

  it("C11: refresh rotates: a new refresh token, the old one dies, replaying it revokes the whole family", async () => {
    const { code, verifier } = await authorize();
    const first = await exchange({ code, code_verifier: verifier });
    const second = await refresh(first.refresh_token!);
    assert.notEqual(second.refresh_token, first.refresh_token);
    assert.notEqual(second.access_token, first.access_token);
    await works(second.access_token);
    const third = await refresh(second.refresh_token!);
    await works(third.access_token);
    // The spent second-generation token comes back: someone else has it. Everything of the family dies.
    await assert.rejects(refresh(second.refresh_token!), fails("INVALID_GRANT"));
    await dead(third.access_token);
    await assert.rejects(refresh(third.refresh_token!), fails("INVALID_GRANT"));
  });

  it("C12: a refresh token presented by another client fails with the spec's message", async () => {
    const { code, verifier } = await authorize();
    const tokens = await exchange({ code, code_verifier: verifier });
    await assert.rejects(
      refresh(tokens.refresh_token!, other.codeClientId),
      fails("INVALID_GRANT", "Client id must be the same from previous token."),
    );
    await assert.rejects(
      refresh(tokens.refresh_token!, app.clientId),
      fails("INVALID_GRANT", "Client id must be the same from previous token."),
    );
    assert.ok((await refresh(tokens.refresh_token!)).access_token, "the rightful client still can");
  });

  it("C13: the client-credentials id used with the authorization_code grant is not authorized", async () => {
    const { code, verifier } = await authorize();
    await assert.rejects(
      exchange({ code, code_verifier: verifier, client_id: app.clientId }),
      fails("UNAUTHORIZED_CLIENT", "The client is not authorized to request a token using this method."),
    );
  });

  it("C14/C15: user tokens last 3600 s; codes and refresh tokens are stored only as hashes", async () => {
    const { code, verifier } = await authorize();
    const tokens = await exchange({ code, code_verifier: verifier }, 0);
    await works(tokens.access_token, 3599);
    await dead(tokens.access_token, 3600);
    const prisma = await db();
    const dump = JSON.stringify([await prisma.authorizationCode.findMany(), await prisma.refreshToken.findMany()]);
    assert.ok(!dump.includes(code) && !dump.includes(tokens.refresh_token!) && !dump.includes(tokens.access_token));
  });

  it("caller identity: a person's token reaches only the granted profile; the application reaches its grants", async () => {
    const prisma = await db();
    // The person also belongs to a corporate profile they never granted to this application.
    const company = await prisma.profile.create({
      data: { kind: "corporate", name: "Ada Ltd", members: { create: { userId: person.userId, perms: ["read"] } } },
    });
    const { code, verifier } = await authorize();
    const tokens = await exchange({ code, code_verifier: verifier });
    const personContext = await getAuthContext(await works(tokens.access_token));
    assert.deepEqual(
      personContext.profiles.map((p) => p.id),
      [person.profileId],
    );
    assert.ok(!personContext.profiles.some((p) => p.id === company.id));

    const appToken = await issueToken({
      request: { grant_type: "client_credentials", client_id: app.clientId, client_secret: app.clientSecret },
    });
    const appContext = await getAuthContext(await authenticateBearer(`Bearer ${appToken.access_token}`));
    assert.deepEqual(appContext.profiles.map((p) => p.id).sort(), [appContext.defaultProfile, person.profileId].sort());
    const otherToken = await issueToken({
      request: { grant_type: "client_credentials", client_id: other.clientId, client_secret: other.clientSecret },
    });
    const otherContext = await getAuthContext(await authenticateBearer(`Bearer ${otherToken.access_token}`));
    assert.ok(!otherContext.profiles.some((p) => p.id === person.profileId), "not granted to the other application");
  });
});

describe("C70: an /auth request's e-mail hint sealed at rest", () => {
  /** Every authorization request as text, as a dump shows it. */
  async function dump(): Promise<string> {
    const prisma = await db();
    const rows = await prisma.$queryRawUnsafe<{ text: string }[]>(
      `SELECT t::text AS text FROM "AuthorizationRequest" t`,
    );
    return rows.map((r) => r.text).join("\n");
  }

  /** What the sign-in screens are told of request `id`: the hint they prefill. */
  async function hintsOf(id: string) {
    return {
      described: (await describeAuthorizationRequest(id, at(0)))?.email,
      onboarding: (await loadOnboarding({ requestId: id, clock: at(0) }))?.request.email,
    };
  }

  it("C70: the hint is sealed in its row and still prefills the screens; a hint kept in plain text before is sealed by the pass and reads the same", async () => {
    const prisma = await db();
    const stamp = randomBytes(4).toString("hex");
    const hint = `hint-${stamp}@example.com`;
    const started = await startAuthorization({
      request: { client_id: app.codeClientId, redirect_uri: REDIRECT, code_challenge: pkce().challenge, email: hint },
      config: getConfig(),
      clock: at(0),
    });
    const id = new URL(started.kind === "redirect" ? started.location : "").searchParams.get("request")!;
    const row = await prisma.authorizationRequest.findUniqueOrThrow({ where: { id } });
    assert.equal(isSealed(row.email), true);
    assert.equal((await dump()).includes(hint), false, "the hint is not in the dump");
    assert.deepEqual(await hintsOf(id), { described: hint, onboarding: hint });
    // A request without a hint keeps none and shows none.
    const { requestId: bare } = await authorize();
    assert.equal((await prisma.authorizationRequest.findUniqueOrThrow({ where: { id: bare } })).email, null);
    assert.equal((await describeAuthorizationRequest(bare, at(0)))?.email, undefined);

    // A request stored before sealing began: the hint as the migration left it, a JSON string.
    const plainHint = `plain-hint-${stamp}@example.com`;
    const plainId = randomBytes(24).toString("base64url");
    await prisma.$executeRawUnsafe(
      `INSERT INTO "AuthorizationRequest" ("id", "clientId", "redirectUri", "codeChallenge", "email", "expiresAt")
       VALUES ($1, $2::uuid, $3, $4, to_jsonb($5::text), $6::timestamptz)`,
      plainId,
      app.codeClientId,
      REDIRECT,
      pkce().challenge,
      plainHint,
      at(1800)(),
    );
    assert.deepEqual(await hintsOf(plainId), { described: plainHint, onboarding: plainHint });
    assert.ok((await countPlainRecords())["AuthorizationRequest.email"]! >= 1);

    await sealPlainRecords();
    assert.equal((await countPlainRecords())["AuthorizationRequest.email"], 0);
    const sealed = await prisma.authorizationRequest.findUniqueOrThrow({ where: { id: plainId } });
    assert.equal(isSealed(sealed.email), true);
    const text = await dump();
    assert.equal(text.includes(hint) || text.includes(plainHint), false, "no hint is in the dump");
    assert.deepEqual(await hintsOf(plainId), { described: plainHint, onboarding: plainHint });
    assert.deepEqual(await hintsOf(id), { described: hint, onboarding: hint });
  });
});
