import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { api, clientCredentialsToken, server, V2 } from "../fixtures/api.ts";
import { approvedCustomer } from "../fixtures/approved-customer.ts";
import { catchCallback, uniqueEmail } from "../fixtures/callback.ts";
import { LINK_MESSAGE, REDIRECT } from "../fixtures/customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { signUp as signUpWith } from "../fixtures/onboarding.ts";
import { pkcePair } from "../fixtures/pkce.ts";
import { installWallet } from "../fixtures/wallet.ts";

// The wallet step in Chromium, with a test wallet that announces itself through EIP-6963 and signs with a real key.
const SEPOLIA = 11155111;
const AMOY = 80002;
const PASSWORD = "correct horse battery";

const fresh = () => privateKeyToAccount(generatePrivateKey());

/** Opens `/auth` for the demo application; answers the PKCE verifier for the code exchange. */
async function openAuth(page: Page, extra: Record<string, string>): Promise<string> {
  const { verifier, challenge } = pkcePair();
  const url = new URL(api("/auth"));
  url.search = new URLSearchParams({
    client_id: server.demo.codeClientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "wallet-step",
    ...extra,
  }).toString();
  await page.goto(url.toString());
  return verifier;
}

async function signUp(page: Page): Promise<void> {
  await signUpWith(page, uniqueEmail("wallet"), PASSWORD);
}

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** The person's own token for the code the consent gave, to look at their data through the API. */
async function personHeaders(code: string, verifier: string): Promise<Record<string, string>> {
  const res = await fetch(`${server.baseUrl}/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: server.demo.codeClientId,
      redirect_uri: REDIRECT,
      code,
      code_verifier: verifier,
    }),
  });
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}`, accept: V2 };
}

async function linkedChains(headers: Record<string, string>, account: PrivateKeyAccount): Promise<unknown> {
  const res = await fetch(api(`/addresses/${account.address}`), { headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { chains: string[] }).chains;
}

test("C18: the wallet step finds the EIP-6963 wallet, switches it to the chosen chain and links the signed address", async ({
  page,
}, testInfo) => {
  const account = await installWallet(page, { chainId: SEPOLIA });
  const callback = await catchCallback(page, REDIRECT);
  const verifier = await openAuth(page, { skip_kyc: "true" });
  await signUp(page);
  await expect(page).toHaveURL(/\/authorize\/wallet\?/);
  await expect(page.getByRole("heading", { name: "Connect your wallet" })).toBeVisible();
  const wallet = page.getByRole("button", { name: "Test Wallet" });
  await expect(wallet.locator("img")).toHaveAttribute("src", /^data:image\/svg\+xml,/);
  await shot(page, testInfo, "wallet-step-choose");

  await wallet.click();
  await expect(page.getByText(`Connected to Test Wallet: ${account.address}`)).toBeVisible();
  await page.getByLabel("Chain", { exact: true }).selectOption("amoy");
  await shot(page, testInfo, "wallet-step-connected");
  await page.getByRole("button", { name: "Sign and link" }).click();

  await expect(page).toHaveURL(/\/authorize\/iban\?/);
  await expect(page.locator('[data-step="wallet"]')).toHaveClass(/step-done/);
  expect(await page.evaluate(() => (window as unknown as { __walletSwitches: number[] }).__walletSwitches)).toEqual([
    AMOY,
  ]);

  // Through the API, with the person's own token: the address is linked on the chosen chain.
  await page.getByRole("link", { name: "Continue without an IBAN for now" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  const code = (await callback()).searchParams.get("code") ?? "";
  expect(await linkedChains(await personHeaders(code, verifier), account)).toEqual(["amoy"]);
});

test("an address required on /auth: a wallet with another address is refused on the page", async ({
  page,
}, testInfo) => {
  const required = fresh();
  const other = await installWallet(page, { chainId: SEPOLIA });
  await openAuth(page, { skip_kyc: "true", address: required.address });
  await signUp(page);
  await expect(page).toHaveURL(/\/authorize\/wallet\?/);
  await expect(page.getByTestId("required-address")).toContainText(
    `Demo application asks you to link the address ${required.address}`,
  );
  await page.getByRole("button", { name: "Test Wallet" }).click();
  await expect(page.locator("#wrong-address")).toHaveText(
    `The connected wallet's address is ${other.address}, but this application asks you to link ${required.address}. Switch to that account in your wallet, or connect another wallet.`,
  );
  await expect(page.getByRole("button", { name: "Sign and link" })).toBeDisabled();
  await shot(page, testInfo, "wallet-step-wrong-address");
});

test("an address signed for on /auth is linked without asking: the wallet step is done when the person arrives", async ({
  page,
}) => {
  const account = fresh();
  const signature = await account.signMessage({ message: LINK_MESSAGE });
  await openAuth(page, { skip_kyc: "true", address: account.address, chain: "sepolia", signature });
  await signUp(page);
  await expect(page).toHaveURL(/\/authorize\/iban\?/);
  await expect(page.locator('[data-step="wallet"]')).toHaveClass(/step-done/);
});

test("a bad signature on /auth: the wallet step says why the automatic link failed and the person links by hand", async ({
  page,
}, testInfo) => {
  const account = await installWallet(page, { chainId: SEPOLIA });
  const forged = await fresh().signMessage({ message: LINK_MESSAGE });
  await openAuth(page, { skip_kyc: "true", address: account.address, chain: "sepolia", signature: forged });
  await signUp(page);
  await expect(page).toHaveURL(/\/authorize\/wallet\?/);
  await expect(page.locator("#auto-link-error")).toContainText("could not be linked automatically");
  await expect(page.locator("#auto-link-error")).toContainText("is not a signature of the message by this address");
  await shot(page, testInfo, "wallet-step-auto-link-failed");

  await page.getByRole("button", { name: "Test Wallet" }).click();
  await expect(page.getByLabel("Chain", { exact: true })).toHaveValue("sepolia");
  await page.getByRole("button", { name: "Sign and link" }).click();
  await expect(page).toHaveURL(/\/authorize\/iban\?/);
});

test("C18: a Safe signs on chain: the step waits, and moves on by itself when the chain reports SignMsg", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const safe = await installWallet(page, { chainId: SEPOLIA });
  const sandbox = { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
  const deployed = await request.post(api("/sandbox/chains/sepolia/smart-accounts"), {
    headers: sandbox,
    data: { address: safe.address, owners: [fresh().address], threshold: 1 },
  });
  expect(deployed.status(), await deployed.text()).toBe(201);

  await openAuth(page, { skip_kyc: "true" });
  await signUp(page);
  await page.getByRole("button", { name: "Test Wallet" }).click();
  await page.getByLabel("My wallet is a Safe (sign on chain)").check();
  await page.getByRole("button", { name: "Link when my Safe signs" }).click();
  await expect(page.getByRole("heading", { name: "Waiting for your Safe to sign" })).toBeVisible();
  await shot(page, testInfo, "wallet-step-safe-waiting");
  // Still waiting after two polls: nothing is linked until the chain says so.
  for (let poll = 0; poll < 2; poll++) {
    await page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/authorize/wallet"));
  }
  await expect(page).toHaveURL(/\/authorize\/wallet\?/);
  await expect(page.getByRole("heading", { name: "Waiting for your Safe to sign" })).toBeVisible();

  const signed = await request.post(api(`/sandbox/chains/sepolia/smart-accounts/${safe.address}/signed-messages`), {
    headers: sandbox,
    data: { message: LINK_MESSAGE },
  });
  // The person has not granted the demo application access yet (that comes at the end of onboarding), so its sign
  // call completes nothing of theirs at once (C38); the chain's periodic check links it, as on a real chain.
  expect(signed.status()).toBe(201);
  expect(((await signed.json()) as { linksCompleted: number }).linksCompleted).toBe(0);
  await expect(page).toHaveURL(/\/authorize\/iban\?/, { timeout: 25_000 });
});

test("C17: an existing customer signs in with Ethereum on the account step and walks the remaining steps to a code", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const operator = await operatorSession();
  const customer = await approvedCustomer(request, operator);
  await installWallet(page, { chainId: SEPOLIA, account: customer.account });
  const callback = await catchCallback(page, REDIRECT);
  await openAuth(page, { auth_mode: "login" });

  await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
  await expect(page).toHaveURL(/\/authorize\/iban\?/);
  await expect(page.getByText(`Signed in as ${customer.email}`)).toBeVisible();
  for (const step of ["account", "profile", "kyc", "wallet"]) {
    await expect(page.locator(`[data-step="${step}"]`)).toHaveClass(/step-done/);
  }
  await page.getByRole("button", { name: "Request my IBAN" }).click();
  await expect(page.getByRole("heading", { name: "Your IBAN is ready" })).toBeVisible({ timeout: 15_000 });
  await shot(page, testInfo, "siwe-iban-ready");
  await page.getByRole("link", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  const back = await callback();
  expect(back.searchParams.get("state")).toBe("wallet-step");
  expect(back.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
