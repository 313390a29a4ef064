import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { registerApplication, type RegisteredApplication } from "../applications/register-application.ts";
import { reviewApplication } from "../applications/review-application.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { blindIndex } from "../keys/blind-index.ts";
import { countPlainRecords, sealPlainRecords } from "../keys/seal-plain-records.ts";
import { isSealed } from "../keys/sealed-value.ts";
import { approveAuthorization } from "../oauth/decide-authorization.ts";
import { issueToken } from "../oauth/issue-token.ts";
import { hashSecret } from "../oauth/secrets.ts";
import { startAuthorization } from "../oauth/start-authorization.ts";
import { loadOnboarding } from "../onboarding/onboarding-state.ts";
import { listOutbox } from "../outbox/list-outbox.ts";
import { erasePeople } from "../retention/erase-people.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { requestPasswordReset } from "./request-password-reset.ts";
import { sendPasswordResets } from "./send-password-resets.ts";
import { resendEmailCode } from "./resend-email-code.ts";
import { checkPasswordLink, setPasswordWithToken } from "./set-password.ts";
import { signUp } from "./sign-up.ts";
import { verifyCredentials } from "./verify-credentials.ts";
import { verifyEmailCode } from "./verify-email-code.ts";
import { openResetEmail, RESET_EMAIL, whereResetEmail, whereResetEmailAny } from "./reset-request-email.ts";
import { userEmailData, whereUserEmail } from "./user-email.ts";

// Accounts on a real database (PGlite, or PostgreSQL when DATABASE_URL is set): e-mail verification at sign-up
// (C56), password reset links (C55) and applications in review, with time injected.
await setUpTestInstance("accounts");

const REDIRECT = "http://127.0.0.1:8765/callback";
const PASSWORD = "correct horse battery";
const T0 = Date.parse("2026-03-01T10:00:00Z");
const at = (minutes: number) => () => new Date(T0 + minutes * 60_000);
const stamp = () => randomBytes(4).toString("hex");
const client = () => `client-${stamp()}`;
const fails = (code: AppError["code"], message?: RegExp) => (e: unknown) =>
  e instanceof AppError && e.code === code && (message === undefined || message.test(e.message));

let app: RegisteredApplication;
let pending: RegisteredApplication;

before(async () => {
  const prisma = await db();
  const dev = await prisma.user.create({ data: { email: `dev-${stamp()}@example.com`, emailVerifiedAt: new Date() } });
  const profile = await prisma.profile.create({ data: { kind: "corporate", name: "Integrator" } });
  const base = { environment: "sandbox" as const, profileId: profile.id, ownerId: dev.id, redirectUris: [REDIRECT] };
  app = await registerApplication({ ...base, name: "Approved" });
  pending = await registerApplication({ ...base, name: "Waiting", review: "pending" });
});

/** The newest mail to `email` in the outbox. */
async function lastMail(email: string) {
  const [mail] = (await listOutbox({ to: email, pageSize: 1 })).entries;
  assert.ok(mail, `a mail to ${email}`);
  return mail;
}
const codeIn = (body: string) => /^(\d{6})$/m.exec(body)?.[1] ?? "";

async function authorizationRequest(clientId = app.codeClientId) {
  const challenge = createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url");
  return startAuthorization({
    request: { client_id: clientId, redirect_uri: REDIRECT, code_challenge: challenge, state: "s" },
    config: getConfig(),
    clock: at(0),
  });
}

describe("C56: e-mail verification at sign-up", () => {
  it("an unverified sign-up cannot sign in, onboard or consent; the mailed code verifies it once", async () => {
    const email = `new-${stamp()}@example.com`;
    const { ticket } = await signUp({
      input: { email, password: PASSWORD },
      client: client(),
      config: getConfig(),
      clock: at(0),
    });
    const prisma = await db();
    const user = await prisma.user.findFirstOrThrow({ where: whereUserEmail(email) });
    assert.equal(user.emailVerifiedAt, null);
    const code = codeIn((await lastMail(email)).body);
    assert.match(code, /^\d{6}$/);
    const stored = await prisma.emailVerification.findUniqueOrThrow({ where: { ticketHash: hashSecret(ticket) } });
    assert.ok(!stored.codeHash.includes(code) && stored.codeHash !== hashSecret(code), "the code is stored keyed");

    assert.equal(await verifyCredentials({ email, password: PASSWORD }), undefined);
    const started = await authorizationRequest();
    const requestId = new URL(started.kind === "redirect" ? started.location : "").searchParams.get("request")!;
    const onboarding = await loadOnboarding({ requestId, userId: user.id, clock: at(0) });
    assert.equal(onboarding?.user, undefined);
    assert.equal(onboarding?.unverifiedEmail, email);
    assert.equal(onboarding?.current, "account");
    const profileId = (await prisma.profileMember.findFirstOrThrow({ where: { userId: user.id } })).profileId;
    const refused = await approveAuthorization({ requestId, userId: user.id, profileId, clock: at(0) });
    assert.equal(refused.kind, "error-page");
    assert.equal(refused.kind === "error-page" ? refused.status : 0, 403);
    assert.equal(await prisma.applicationGrant.count({ where: { userId: user.id } }), 0);

    assert.deepEqual(await verifyEmailCode({ input: { ticket, code }, config: getConfig(), clock: at(1) }), { email });
    assert.ok((await prisma.user.findFirstOrThrow({ where: whereUserEmail(email) })).emailVerifiedAt);
    assert.equal((await verifyCredentials({ email, password: PASSWORD }))?.userId, user.id);
    await assert.rejects(
      verifyEmailCode({ input: { ticket, code }, config: getConfig(), clock: at(1) }),
      fails("BAD_REQUEST", /no longer waiting/),
    );
    const allowed = await approveAuthorization({ requestId, userId: user.id, profileId, clock: at(2) });
    assert.equal(allowed.kind, "redirect");
  });

  it("five attempts per code, fifteen minutes, three codes per sign-up", async () => {
    const email = `tries-${stamp()}@example.com`;
    const { ticket } = await signUp({
      input: { email, password: PASSWORD },
      client: client(),
      config: getConfig(),
      clock: at(0),
    });
    const code = codeIn((await lastMail(email)).body);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const attempt = (c: string, minutes = 1) =>
      verifyEmailCode({ input: { ticket, code: c }, config: getConfig(), clock: at(minutes) });
    for (let left = 4; left >= 1; left--) await assert.rejects(attempt(wrong), fails("VALIDATION"));
    await assert.rejects(attempt(wrong), fails("TOO_MANY_REQUESTS"));
    await assert.rejects(attempt(code), fails("TOO_MANY_REQUESTS"), "the right code too, once the attempts are spent");

    await resendEmailCode({ input: { ticket }, client: client(), config: getConfig(), clock: at(2) });
    const second = codeIn((await lastMail(email)).body);
    await assert.rejects(attempt(second, 2 + 16), fails("BAD_REQUEST", /expired/));
    await resendEmailCode({ input: { ticket }, client: client(), config: getConfig(), clock: at(20) });
    await assert.rejects(
      resendEmailCode({ input: { ticket }, client: client(), config: getConfig(), clock: at(21) }),
      fails("TOO_MANY_REQUESTS"),
    );
    const third = codeIn((await lastMail(email)).body);
    assert.deepEqual(await attempt(third, 21), { email });
  });

  it("a sign-up with a verified account's address answers alike, tells the owner, changes nothing and no code matches", async () => {
    const email = `owner-${stamp()}@example.com`;
    const first = await signUp({
      input: { email, password: PASSWORD },
      client: client(),
      config: getConfig(),
      clock: at(0),
    });
    await verifyEmailCode({
      input: { ticket: first.ticket, code: codeIn((await lastMail(email)).body) },
      config: getConfig(),
      clock: at(0),
    });
    const again = await signUp({
      input: { email, password: "the stranger's password" },
      client: client(),
      config: getConfig(),
      clock: at(1),
    });
    assert.deepEqual(Object.keys(again), Object.keys(first));
    assert.equal(again.email, email);
    const notice = await lastMail(email);
    assert.equal(notice.subject, "Someone tried to sign up with your address");
    assert.equal(codeIn(notice.body), "");
    for (const code of ["000000", "123456", "999999"]) {
      await assert.rejects(
        verifyEmailCode({ input: { ticket: again.ticket, code }, config: getConfig(), clock: at(2) }),
        fails("VALIDATION"),
      );
    }
    assert.ok(await verifyCredentials({ email, password: PASSWORD }));
    assert.equal(await verifyCredentials({ email, password: "the stranger's password" }), undefined);
    assert.equal(await (await db()).user.count({ where: whereUserEmail(email) }), 1);
  });
});

/** An account whose address is verified, as sign-up leaves it. */
async function account(email: string) {
  const { ticket } = await signUp({
    input: { email, password: PASSWORD },
    client: client(),
    config: getConfig(),
    clock: at(0),
  });
  await verifyEmailCode({
    input: { ticket, code: codeIn((await lastMail(email)).body) },
    config: getConfig(),
    clock: at(0),
  });
}

describe("C55: password reset", () => {
  it("only an address with an account gets a single-use, 30-minute link (only its hash stored); spending it ends every sign-in", async () => {
    const email = `reset-${stamp()}@example.com`;
    await account(email);
    const prisma = await db();
    const user = await prisma.user.findFirstOrThrow({ where: whereUserEmail(email) });

    const unknown = `unknown-${stamp()}@example.com`;
    await requestPasswordReset({ input: { email: unknown }, client: client(), clock: at(0) });
    await requestPasswordReset({ input: { email }, client: client(), clock: at(0) });
    // C55: answering did the same for both — one queued request each, no link or mail yet.
    assert.deepEqual(
      (await prisma.passwordResetRequest.findMany({ where: whereResetEmailAny([email, unknown]) }))
        .map((r) => ({ email: openResetEmail(r.email), at: r.requestedAt.getTime() }))
        .sort((a, b) => a.email.localeCompare(b.email)),
      [email, unknown].sort().map((address) => ({ email: address, at: at(0)().getTime() })),
    );
    assert.equal(await prisma.passwordSetupToken.count({ where: { userId: user.id, purpose: "reset" } }), 0);
    assert.ok((await sendPasswordResets(getConfig())) >= 2);
    assert.equal(await prisma.passwordResetRequest.count({ where: whereResetEmailAny([email, unknown]) }), 0);
    assert.equal((await listOutbox({ to: unknown })).total, 0);
    const token = /set-password\?token=(\S+)/.exec((await lastMail(email)).body)?.[1] ?? "";
    const row = await prisma.passwordSetupToken.findUniqueOrThrow({ where: { tokenHash: hashSecret(token) } });
    assert.equal(row.purpose, "reset");
    assert.equal(row.expiresAt.getTime(), at(30)().getTime());
    assert.deepEqual(await checkPasswordLink(token, at(29)), { valid: true, purpose: "reset" });
    assert.deepEqual(await checkPasswordLink(token, at(30)), { valid: false });
    await assert.rejects(
      setPasswordWithToken({ token, password: "a brand new password" }, at(31)),
      fails("BAD_REQUEST"),
    );

    assert.deepEqual(await setPasswordWithToken({ token, password: "a brand new password" }, at(10)), {
      email,
      purpose: "reset",
    });
    const after = await prisma.user.findFirstOrThrow({ where: whereUserEmail(email) });
    assert.equal(after.credentialVersion, user.credentialVersion + 1, "older web sessions end");
    assert.ok(await verifyCredentials({ email, password: "a brand new password" }));
    assert.equal(await verifyCredentials({ email, password: PASSWORD }), undefined);
    await assert.rejects(
      setPasswordWithToken({ token, password: "yet another password" }, at(11)),
      fails("BAD_REQUEST"),
    );
  });

  it("requests are limited per address, whether or not it has an account", async () => {
    const unknown = `flood-${stamp()}@example.com`;
    for (let i = 0; i < 5; i++) {
      await requestPasswordReset({ input: { email: unknown }, client: client(), clock: at(0) });
    }
    await assert.rejects(
      requestPasswordReset({ input: { email: unknown }, client: client(), clock: at(1) }),
      fails("TOO_MANY_REQUESTS"),
    );
  });
});

describe("C70: queued password resets sealed at rest", () => {
  /** Every queued password reset as text, as a dump shows it. */
  async function dump(): Promise<string> {
    const prisma = await db();
    const rows = await prisma.$queryRawUnsafe<{ text: string }[]>(
      `SELECT t::text AS text FROM "PasswordResetRequest" t`,
    );
    return rows.map((r) => r.text).join("\n");
  }

  /** A request queued before sealing began, as the migration left it: the address a JSON string, no index. */
  async function queuePlain(email: string) {
    const prisma = await db();
    await prisma.$executeRawUnsafe(
      `INSERT INTO "PasswordResetRequest" ("id", "email", "requestedAt") VALUES (gen_random_uuid(), to_jsonb($1::text), $2::timestamptz)`,
      email,
      at(0)(),
    );
  }

  const resetLinks = async (email: string) =>
    (await listOutbox({ to: email })).entries.filter((mail) => /set-password\?token=/.test(mail.body)).length;

  it("C70: a queued request keeps its address sealed and indexed; the job mails links for sealed and plain requests alike", async () => {
    const prisma = await db();
    const [sealed, plain] = [`sealed-reset-${stamp()}@example.com`, `plain-reset-${stamp()}@example.com`];
    await account(sealed);
    await account(plain);
    await requestPasswordReset({ input: { email: sealed }, client: client(), clock: at(0) });
    await queuePlain(plain);

    const [row] = await prisma.passwordResetRequest.findMany({ where: whereResetEmail(sealed) });
    assert.ok(row, "found by its blind index");
    assert.equal(isSealed(row.email), true);
    assert.equal(row.emailIndex, blindIndex(RESET_EMAIL, "email", sealed));
    assert.equal(openResetEmail(row.email), sealed);
    assert.equal((await dump()).includes(sealed), false, "the sealed address is not in the dump");
    assert.equal(
      await prisma.passwordResetRequest.count({ where: whereResetEmail(plain) }),
      1,
      "a plain one by its value",
    );

    assert.ok((await sendPasswordResets(getConfig())) >= 2);
    assert.equal(await prisma.passwordResetRequest.count({ where: whereResetEmailAny([sealed, plain]) }), 0);
    assert.deepEqual([await resetLinks(sealed), await resetLinks(plain)], [1, 1]);
  });

  it("C70: erasing a person deletes their queued requests, sealed and plain, and no one else's; the pass seals and indexes a plain one", async () => {
    const prisma = await db();
    const [erased, other] = [`erased-${stamp()}@example.com`, `kept-${stamp()}@example.com`];
    const user = await prisma.user.create({ data: { ...userEmailData(erased), emailVerifiedAt: new Date() } });
    const profile = await prisma.profile.create({
      data: { kind: "personal", name: "Erased", members: { create: { userId: user.id, perms: ["read", "write"] } } },
    });
    await requestPasswordReset({ input: { email: erased }, client: client(), clock: at(0) });
    await queuePlain(erased);
    await requestPasswordReset({ input: { email: other }, client: client(), clock: at(0) });
    await queuePlain(other);
    assert.equal(await prisma.passwordResetRequest.count({ where: whereResetEmail(erased) }), 2);

    const result = await prisma.$transaction((tx) => erasePeople(tx, profile.id));
    assert.deepEqual(result.emails, [erased]);
    assert.equal(await prisma.passwordResetRequest.count({ where: whereResetEmail(erased) }), 0);
    assert.equal(await prisma.passwordResetRequest.count({ where: whereResetEmail(other) }), 2);

    assert.ok((await countPlainRecords())["PasswordResetRequest.email"]! >= 1);
    await sealPlainRecords();
    assert.equal((await countPlainRecords())["PasswordResetRequest.email"], 0);
    const rows = await prisma.passwordResetRequest.findMany({ where: whereResetEmail(other) });
    assert.equal(rows.length, 2, "both found by the index once the pass has run");
    for (const row of rows) {
      assert.equal(isSealed(row.email), true);
      assert.equal(row.emailIndex, blindIndex(RESET_EMAIL, "email", other));
      assert.equal(openResetEmail(row.email), other);
    }
    assert.equal((await dump()).includes(other), false, "no address is in the dump");
  });
});

describe("applications in review", () => {
  it("/auth and the token endpoint refuse an application in review until an operator approves it, once", async () => {
    const refused = await authorizationRequest(pending.codeClientId);
    assert.equal(refused.kind, "redirect");
    const back = new URL(refused.kind === "redirect" ? refused.location : "");
    assert.equal(back.searchParams.get("error"), "unauthorized_client");
    const token = () =>
      issueToken({
        request: { grant_type: "client_credentials", client_id: pending.clientId, client_secret: pending.clientSecret },
      });
    await assert.rejects(token(), fails("UNAUTHORIZED_CLIENT", /in review/));

    const prisma = await db();
    const operator = await prisma.user.create({ data: { email: `op-${stamp()}@example.com`, roles: ["admin"] } });
    const view = await reviewApplication({
      id: pending.applicationId,
      review: { decision: "approve" },
      operator: { userId: operator.id },
    });
    assert.equal(view.review, "approved");
    const entry = await prisma.auditEntry.findFirstOrThrow({ where: { subjectId: pending.applicationId } });
    assert.equal(entry.action, "application.review.approve");
    await assert.rejects(
      reviewApplication({
        id: pending.applicationId,
        review: { decision: "reject" },
        operator: { userId: operator.id },
      }),
      fails("CONFLICT"),
    );
    const accepted = await authorizationRequest(pending.codeClientId);
    assert.match(accepted.kind === "redirect" ? accepted.location : "", /\/authorize\?request=/);
    assert.ok((await token()).access_token);
  });
});
