import { expect, test } from "@playwright/test";
import { server, V2 } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { REDIRECT } from "../fixtures/customer.ts";
import { nthMail } from "../fixtures/account-mail.ts";
import { signUp, startOnboarding } from "../fixtures/onboarding.ts";

const RESET_SUBJECT = /^Reset your Tokenrail password$/;

test("C55: a password reset voids the codes and open authorization requests from before it, not only tokens", async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail("reset-code");
  const exchange = (code: string, verifier: string) =>
    request.post(`${server.baseUrl}/auth/token`, {
      form: {
        grant_type: "authorization_code",
        client_id: server.demo.codeClientId,
        redirect_uri: REDIRECT,
        code,
        code_verifier: verifier,
      },
    });
  // Through the real /auth flow: sign up, Allow, tokens for the first code.
  const first = await startOnboarding(page, { skip_kyc: "true", skip_create_account: "true" });
  await signUp(page, email);
  await page.getByRole("button", { name: "Allow" }).click();
  const firstCode = (await first.reached()).searchParams.get("code") ?? "";
  const tokenRes = await exchange(firstCode, first.verifier);
  expect(tokenRes.status()).toBe(200);
  const tokens = (await tokenRes.json()) as { access_token: string };
  // A second code, issued to this session and not exchanged yet.
  const second = await startOnboarding(page, { skip_kyc: "true", skip_create_account: "true" });
  await page.getByRole("button", { name: "Allow" }).click();
  const secondCode = (await second.reached()).searchParams.get("code") ?? "";
  expect(secondCode).toBeTruthy();
  // And a request naming the person, left open at the consent screen.
  await startOnboarding(page, { skip_kyc: "true", skip_create_account: "true", email });
  await expect(page.getByRole("button", { name: "Allow" })).toBeVisible();
  const openRequest = new URL(page.url()).searchParams.get("request") ?? "";
  expect(openRequest).toBeTruthy();

  // The password is reset through the mailed link, in another browser.
  expect((await request.post(`${server.appUrl}/forgot-password/send`, { form: { email } })).status()).toBe(200);
  const link = (await nthMail(email, RESET_SUBJECT, 1)).links.find((l) => l.includes("/set-password?token="));
  const person = await (await browser.newContext()).newPage();
  await person.goto(link!);
  await person.getByLabel("New password").fill("a brand new password");
  await person.getByLabel("Repeat it").fill("a brand new password");
  await person.getByRole("button", { name: "Set password" }).click();
  await expect(person.getByRole("status").filter({ hasText: "Your password" })).toContainText(
    `Your password is changed and you are signed in as ${email}`,
  );

  // Everything from before is refused: the unexchanged code, the tokens, and the open request (even for the new
  // session of the same person).
  const late = await exchange(secondCode, second.verifier);
  expect(late.status()).toBe(400);
  expect(((await late.json()) as { error: string }).error).toBe("invalid_grant");
  const context = await request.get(`${server.baseUrl}/auth/context`, {
    headers: { authorization: `Bearer ${tokens.access_token}`, accept: V2 },
  });
  expect(context.status()).toBe(401);
  await person.goto(`/authorize?request=${openRequest}`);
  await expect(person.getByRole("heading", { name: "This sign-in link has expired" })).toBeVisible();
});
