import { expect, test } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { server, V2 } from "../fixtures/api.ts";
import { catchCallback, uniqueEmail } from "../fixtures/callback.ts";
import { fillPerson, fillPersonalQuestionnaire, uploadIdentityDocument } from "../fixtures/kyc-screens.ts";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { expectStep, signUp } from "../fixtures/onboarding.ts";
import { approveProfileNamed } from "../fixtures/operator.ts";
import { installWallet } from "../fixtures/wallet.ts";

// (a) The whole onboarding, as a person meets it: an integrator (a strict OAuth 2 client, oauth4webapi) sends them
// to /auth; they sign up, verify their identity, link their wallet, get an IBAN once the operator approves them,
// allow access, and the integrator exchanges the code for tokens that see all of it. axe scans every step.
const REDIRECT = "http://localhost:5173/callback";
const as: oauth.AuthorizationServer = {
  issuer: server.appUrl,
  authorization_endpoint: `${server.baseUrl}/auth`,
  token_endpoint: `${server.baseUrl}/auth/token`,
};
const client: oauth.Client = { client_id: server.demo.codeClientId };
const SEPOLIA = 11155111;

test("(a) C18: full personal onboarding from an integrator's redirect to a token exchange, every step scanned by axe", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = await installWallet(page, { chainId: SEPOLIA });
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  const email = uniqueEmail("full");
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    response_type: "code",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    email,
  }).toString();
  const callback = await catchCallback(page, REDIRECT);
  await page.goto(url.toString());

  await expect(page).toHaveURL(/\/authorize\/account\?request=/);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await checkAccessibility(page, testInfo, "1-account");
  await signUp(page, email);

  await expect(page).toHaveURL(/\/authorize\/profile\?request=/);
  await checkAccessibility(page, testInfo, "2-profile");
  await page.getByRole("radio", { name: /^For myself/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/authorize\/kyc\/details\?request=/);
  await expectStep(page, "kyc", "current");
  const last = `Jonsdottir-${Date.now().toString(36)}`;
  await fillPerson(page, "personal", { first: "Sigrid", last, birthday: "1988-03-02", idNumber: "B1234567" });
  await checkAccessibility(page, testInfo, "3-kyc-details");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/authorize\/kyc\/form\?request=/);
  await fillPersonalQuestionnaire(page);
  await checkAccessibility(page, testInfo, "4-kyc-form");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/authorize\/kyc\/verifications\?request=/);
  await uploadIdentityDocument(page);
  await checkAccessibility(page, testInfo, "5-kyc-verifications");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/authorize\/wallet\?request=/);
  await expectStep(page, "kyc", "done");
  await checkAccessibility(page, testInfo, "6-wallet");
  await page.getByRole("button", { name: "Test Wallet" }).click();
  await page.getByLabel("Chain", { exact: true }).selectOption("sepolia");
  await checkAccessibility(page, testInfo, "7-wallet-connected");
  await page.getByRole("button", { name: "Sign and link" }).click();

  // The IBAN waits for the review; the operator approves while the page watches.
  await expect(page).toHaveURL(/\/authorize\/iban\?request=/);
  await expect(page.getByRole("heading", { name: "Your identity check is under review" })).toBeVisible();
  await checkAccessibility(page, testInfo, "8-iban-review");
  const profileId = await approveProfileNamed(`Sigrid ${last}`);

  await expect(page.getByRole("button", { name: "Request my IBAN" })).toBeVisible({ timeout: 10_000 });
  await page.getByRole("button", { name: "Request my IBAN" }).click();
  await expect(page.getByRole("heading", { name: "Your IBAN is ready" })).toBeVisible({ timeout: 15_000 });
  const iban = (await page.getByTestId("iban").innerText()).trim();
  await checkAccessibility(page, testInfo, "9-iban-ready");
  await page.getByRole("link", { name: "Continue", exact: true }).click();

  await expect(page).toHaveURL(/\/authorize\/consent\?request=/);
  for (const step of ["account", "profile", "kyc", "wallet", "iban"]) await expectStep(page, step, "done");
  await checkAccessibility(page, testInfo, "10-consent");
  await page.getByRole("button", { name: "Allow" }).click();

  const params = oauth.validateAuthResponse(as, client, await callback(), state);
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, {
      [oauth.allowInsecureRequests]: true,
    }),
  );
  const headers = { authorization: `Bearer ${tokens.access_token}`, accept: V2 };
  const context = (await (await fetch(`${server.baseUrl}/auth/context`, { headers })).json()) as {
    email: string;
    profiles: { id: string; kind: string; state: string }[];
  };
  expect(context.email).toBe(email);
  expect(context.profiles).toEqual([expect.objectContaining({ id: profileId, kind: "personal", state: "approved" })]);
  const ibans = (await (await fetch(`${server.baseUrl}/ibans`, { headers })).json()) as {
    ibans: { iban: string; address: string; chain: string }[];
  };
  expect(ibans.ibans).toEqual([expect.objectContaining({ iban, address: account.address, chain: "sepolia" })]);
});
