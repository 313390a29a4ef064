import { expect, test, type Page } from "@playwright/test";
import { server, V2 } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { REDIRECT } from "../fixtures/customer.ts";
import { PASSWORD, signUp, startOnboarding, VERIFICATION_SUBJECT } from "../fixtures/onboarding.ts";
import { mailCount, nthMail } from "../fixtures/account-mail.ts";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { allMail, waitForMail } from "../fixtures/mailbox.ts";

const RESET_SUBJECT = /^Reset your Tokenrail password$/;
const CLOCK = "tokenrail-test-clock-offset";

/** A code that is not `code`: the next six digits. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function typeCode(page: Page, code: string) {
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
}

test("C56: a screen sign-up waits for the mailed code: limited wrong attempts, expiry, no onboarding or consent before it", async ({
  page,
  request,
}, testInfo) => {
  // Five sign-up screens, three mailed codes and two sign-in attempts: about 20 s on a quiet machine.
  test.setTimeout(60_000);
  const email = uniqueEmail("verify");
  const { reached } = await startOnboarding(page, { skip_kyc: "true", skip_create_account: "true" });
  const requestId = new URL(page.url()).searchParams.get("request") ?? "";
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).last().click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "We sent" })).toContainText(
    `We sent a 6-digit code to ${email}`,
  );
  const first = await nthMail(email, VERIFICATION_SUBJECT, 1);
  expect(first.code).toMatch(/^\d{6}$/);
  await checkAccessibility(page, testInfo, "verify-email");

  // Not verified: no session at all. The screens send the person back to the account step; the consent post and
  // the onboarding's own routes answer as for a stranger; the password does not sign in.
  const other = await page.context().newPage();
  await other.goto(`/authorize/consent?request=${requestId}`);
  await expect(other).toHaveURL(/\/authorize\/account\?request=/);
  await expect(other.getByRole("button", { name: "Allow" })).toHaveCount(0);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const decision = await request.post(`${server.appUrl}/authorize/decision`, {
    headers: { cookie, origin: server.appUrl },
    form: { request: requestId, decision: "allow", token: "x", profile: "x" },
    maxRedirects: 0,
  });
  expect(decision.status()).toBe(302);
  expect(decision.headers().location).toBe(`${server.appUrl}/authorize?request=${requestId}`);
  await other.goto("/sign-in?next=%2Fdevelopers");
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password").fill(PASSWORD);
  await other.getByRole("button", { name: "Sign in", exact: true }).last().click();
  await expect(other.locator(".form-error")).toHaveText("Wrong email or password.");
  await other.close();

  // Five attempts per code: four wrong ones say how many are left, the fifth ends the code (the right one too).
  for (let left = 4; left >= 1; left--) {
    await typeCode(page, wrongCode(first.code!));
    await expect(page.locator("#code-error")).toHaveText(
      `Wrong code: ${left} ${left === 1 ? "attempt" : "attempts"} left`,
    );
  }
  await typeCode(page, wrongCode(first.code!));
  await expect(page.locator(".form-error")).toHaveText("Too many wrong codes. Ask for a new code.");
  await typeCode(page, first.code!);
  await expect(page.locator(".form-error")).toHaveText("Too many wrong codes. Ask for a new code.");

  // A new code; typed 16 minutes later (the test clock), it has expired.
  await page.getByRole("button", { name: "Send a new code" }).click();
  await expect(page.getByText("We sent a new code.")).toBeVisible();
  const second = await nthMail(email, VERIFICATION_SUBJECT, 2);
  await page.setExtraHTTPHeaders({ [CLOCK]: String(16 * 60) });
  await typeCode(page, second.code!);
  await expect(page.locator(".form-error")).toHaveText("This code has expired. Ask for a new code.");
  await page.setExtraHTTPHeaders({});

  // A third code, in time: verified, signed in, and the onboarding goes on to the consent, which is granted.
  await page.getByRole("button", { name: "Send a new code" }).click();
  const third = await nthMail(email, VERIFICATION_SUBJECT, 3);
  await typeCode(page, third.code!);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  expect((await reached()).searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // A fourth code is not given for this sign-up (three per sign-up), and it is spent anyway.
  expect(await mailCount(email, VERIFICATION_SUBJECT)).toBe(3);
});

test("C56: signing up with an address that has an account answers alike; its owner is told by mail, no code matches", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("taken");
  await page.goto("/developers");
  await signUp(page, email);
  await expect(page.getByRole("heading", { level: 1, name: /Your applications/ })).toBeVisible();

  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto("/developers");
  await stranger.getByLabel("Email").fill(email);
  await stranger.getByLabel("Password").fill("the stranger's password");
  await stranger.getByRole("button", { name: "Create account" }).last().click();
  await expect(stranger.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await expect(stranger.getByRole("status").filter({ hasText: "We sent" })).toContainText(
    `We sent a 6-digit code to ${email}`,
  );
  const notice = await waitForMail({ to: email, subject: /^Someone tried to sign up with your address$/ });
  expect(notice.code).toBeUndefined();
  expect(notice.links[0]).toBe(`${server.appUrl}/sign-in`);
  expect(notice.text).not.toMatch(/\b\d{6}\b/);
  // Whatever is typed is a wrong code, as for a new address.
  await typeCode(stranger, "123456");
  await expect(stranger.locator("#code-error")).toHaveText("Wrong code: 4 attempts left");
  // The owner's password is unchanged; the stranger's does not sign in.
  await stranger.goto("/sign-in?next=%2Fdevelopers");
  await stranger.getByLabel("Email").fill(email);
  await stranger.getByLabel("Password").fill("the stranger's password");
  await stranger.getByRole("button", { name: "Sign in", exact: true }).last().click();
  await expect(stranger.locator(".form-error")).toHaveText("Wrong email or password.");
});

test("C55: forgot password: one answer for every address, a single-use short-lived link, and every old session and token ends", async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Two browsers, two accessibility passes and a job's mail: about 25 s on a quiet machine.
  test.setTimeout(60_000);
  const email = uniqueEmail("forgot");
  // A customer signs up, consents, and the application holds their tokens; this browser stays signed in.
  const { verifier, reached } = await startOnboarding(page, { skip_kyc: "true", skip_create_account: "true" });
  await signUp(page, email);
  await page.getByRole("button", { name: "Allow" }).click();
  const code = (await reached()).searchParams.get("code") ?? "";
  const tokenRes = await request.post(`${server.baseUrl}/auth/token`, {
    form: {
      grant_type: "authorization_code",
      client_id: server.demo.codeClientId,
      redirect_uri: REDIRECT,
      code,
      code_verifier: verifier,
    },
  });
  expect(tokenRes.status()).toBe(200);
  const tokens = (await tokenRes.json()) as { access_token: string; refresh_token: string };
  await page.goto("/developers");
  await expect(page.getByRole("heading", { level: 1, name: /Your applications/ })).toBeVisible();

  // Known and unknown addresses get the same bytes back; only the known one gets a mail.
  const unknown = uniqueEmail("nobody");
  const ask = (address: string) => request.post(`${server.appUrl}/forgot-password/send`, { form: { email: address } });
  const [known, unknownAnswer] = [await ask(email), await ask(unknown)];
  expect(known.status()).toBe(200);
  expect(unknownAnswer.status()).toBe(200);
  expect(await known.body()).toEqual(await unknownAnswer.body());
  await waitForMail({ to: email, subject: RESET_SUBJECT });
  expect(await allMail(unknown)).toEqual([]);

  // Through the screens: sign-in → "Forgot password?" → the mail's link → a new password → signed in.
  const person = await (await browser.newContext()).newPage();
  await person.goto("/sign-in");
  await person.getByRole("link", { name: "Forgot password?" }).click();
  await checkAccessibility(person, testInfo, "forgot-password");
  await person.getByLabel("Email").fill(email);
  await person.getByRole("button", { name: "Send me a link" }).click();
  await expect(person.getByRole("status").filter({ hasText: "If an account" })).toHaveText(
    "If an account uses this address, a link to choose a new password is on its way. It works once, for 30 minutes.",
  );
  const mail = await nthMail(email, RESET_SUBJECT, 2);
  const link = mail.links.find((l) => l.includes("/set-password?token="));
  expect(link).toBeTruthy();
  // Thirty-one minutes later (the test clock) the link has expired.
  const late = await (await browser.newContext({ extraHTTPHeaders: { [CLOCK]: String(31 * 60) } })).newPage();
  await late.goto(link!);
  await expect(late.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await late.context().close();

  await person.goto(link!);
  await expect(person.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await person.getByLabel("New password").fill("short");
  await person.getByLabel("Repeat it").fill("short");
  await person.getByRole("button", { name: "Set password" }).click();
  await expect(person.locator("#password-error")).toHaveText("Use at least 10 characters");
  await person.getByLabel("New password").fill("a brand new password");
  await person.getByLabel("Repeat it").fill("a brand new password");
  await person.getByRole("button", { name: "Set password" }).click();
  await expect(person.getByRole("status").filter({ hasText: "Your password" })).toContainText(
    `Your password is changed and you are signed in as ${email}`,
  );
  await person.goto("/developers");
  await expect(person.getByRole("heading", { level: 1, name: /Your applications/ })).toBeVisible();

  // The session signed in before is over, and so are the application's tokens.
  await page.goto("/developers");
  await expect(page.getByRole("heading", { level: 1, name: /Your applications/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create account" }).first()).toBeVisible();
  const refreshed = await request.post(`${server.baseUrl}/auth/token`, {
    form: { grant_type: "refresh_token", client_id: server.demo.codeClientId, refresh_token: tokens.refresh_token },
  });
  expect(refreshed.status()).toBe(400);
  expect(((await refreshed.json()) as { error: string }).error).toBe("invalid_grant");
  const context = await request.get(`${server.baseUrl}/auth/context`, {
    headers: { authorization: `Bearer ${tokens.access_token}`, accept: V2 },
  });
  expect(context.status()).toBe(401);

  // The link works once; the older link (mailed first) was voided with it.
  await person.goto(link!);
  await expect(person.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await person.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(person).toHaveURL(/\/forgot-password$/);
  // A forged one likewise.
  await person.goto("/set-password?token=forged-token");
  await expect(person.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
});

test("C55: reset requests are limited per address, for known and unknown addresses alike", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("limited");
  await page.goto("/developers");
  await signUp(page, email);
  const unknown = uniqueEmail("limited-nobody");
  const ask = (address: string) => request.post(`${server.appUrl}/forgot-password/send`, { form: { email: address } });
  // Five requests per address within 30 minutes (the sign-up's code was one of the known address's).
  for (let i = 0; i < 4; i++) expect((await ask(email)).status()).toBe(200);
  for (let i = 0; i < 5; i++) expect((await ask(unknown)).status()).toBe(200);
  const [known, nobody] = [await ask(email), await ask(unknown)];
  for (const refused of [known, nobody]) {
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many requests; try again in \d+ minutes$/,
    );
  }
  await expect.poll(() => mailCount(email, RESET_SUBJECT)).toBe(4);
});
