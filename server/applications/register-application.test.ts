import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { issueClientCredentialsToken } from "../oauth/issue-client-credentials-token.ts";
import { startAuthorization } from "../oauth/start-authorization.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import { signUpForApplication } from "../users/sign-up-for-application.ts";
import { listOutbox } from "../outbox/list-outbox.ts";
import { createProfile } from "../profiles/create-profile.ts";
import { PRIVILEGES, setPrivileges } from "./privileges.ts";
import { registerApplication, rotateClientSecret } from "./register-application.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";

let owner: { userId: string; profileId: string };
await setUpTestInstance("apps");

before(async () => {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `dev-${Date.now()}@example.com` } });
  const profile = await prisma.profile.create({ data: { kind: "corporate", name: "Integrator" } });
  owner = { userId: user.id, profileId: profile.id };
});

const register = (redirectUris: string[]) =>
  registerApplication({
    name: "App",
    environment: "sandbox",
    profileId: owner.profileId,
    ownerId: owner.userId,
    redirectUris,
  });

describe("registering applications", () => {
  it("C2: https anywhere and plain http on localhost or 127.0.0.1 with any port can be registered", async () => {
    const app = await register([
      "https://app.example.com/callback",
      "http://localhost:5173/cb",
      "http://localhost/cb",
      "http://127.0.0.1:49152/cb",
    ]);
    assert.notEqual(app.codeClientId, app.clientId, "two distinct client ids");
    assert.match(app.clientSecret, /^[A-Za-z0-9_-]{43}$/);
  });

  for (const uri of [
    "http://app.example.com/callback",
    "http://192.168.1.10/cb",
    "http://localhost.evil.com/cb",
    "https://app.example.com/cb#fragment",
    "/relative/callback",
    "javascript:alert(1)",
  ]) {
    it(`C2: ${uri} cannot be registered`, async () => {
      await assert.rejects(
        register([uri]),
        (e: unknown) => e instanceof AppError && e.code === "VALIDATION" && Boolean(e.fields?.["redirectUris.0"]),
      );
    });
  }

  it("with a single registered redirect URI, /auth may omit redirect_uri", async () => {
    const app = await register(["https://only.example.com/cb"]);
    const outcome = await startAuthorization({
      request: { client_id: app.codeClientId, code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM" },
      config: getConfig(),
    });
    assert.equal(outcome.kind, "redirect");
    assert.equal(outcome.kind === "redirect" && outcome.status, 307);
  });

  it("rotating the secret makes the old one fail at once", async () => {
    const app = await register(["https://rotate.example.com/cb"]);
    await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret });
    const fresh = await rotateClientSecret({ applicationId: app.applicationId });
    await assert.rejects(
      issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret }),
      (e: unknown) => e instanceof AppError && e.code === "INVALID_CLIENT",
    );
    const token = await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: fresh });
    assert.equal(token.expires_in, 3600);
  });

  it("sign-up and profile creation need the sign_up privilege the operator grants", async () => {
    const app = await register(["https://partner.example.com/cb"]);
    const token = await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret });
    const caller = await authenticateBearer(`Bearer ${token.access_token}`);
    const forbidden = (e: unknown) =>
      e instanceof AppError &&
      e.code === "FORBIDDEN" &&
      /^Application from partner .+ is not allowed to sign up users$/.test(e.message);
    const email = `new-${Date.now()}@example.com`;
    await assert.rejects(signUpForApplication({ caller, email, config: getConfig() }), forbidden);
    await assert.rejects(createProfile({ caller, kind: "personal" }), forbidden);
    await setPrivileges(app.applicationId, [PRIVILEGES.signUp]);
    const outcome = await signUpForApplication({ caller, email, config: getConfig() });
    assert.equal(outcome.created, true);
    // The sandbox mailbox shows the link (the stored mail keeps only its place).
    const [mail] = (await listOutbox({ to: email })).entries;
    assert.match(mail!.body, /\/set-password\?token=[A-Za-z0-9_-]{43}/);
  });
});
