import { expect, test } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { server } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { verifyEmail } from "../fixtures/onboarding.ts";
import { serveIntegrator } from "../fixtures/sdk-page.ts";
import { linkedCustomer } from "../fixtures/customer.ts";
import { sdkSiwe, sdkSiweForUnlinkedAddress } from "../fixtures/siwe.ts";
import { LINK_MESSAGE } from "../fixtures/customer.ts";

test("@monerium/sdk 3.5.0 in the browser: authorize() with skipKyc and a signed address → sign up, wallet linked for the person, consent → getAccess() → getAuthContext()", async ({
  page,
}) => {
  const account = privateKeyToAccount(generatePrivateKey());
  const signature = await account.signMessage({ message: LINK_MESSAGE });
  await page.addInitScript(
    (input) => {
      (window as unknown as { authorizeInput: unknown }).authorizeInput = input;
    },
    { skipKyc: true, address: account.address, signature, chain: "sepolia" },
  );
  await serveIntegrator(page, server.demo.codeClientId);
  await page.goto("http://localhost:5173/");
  const email = uniqueEmail("sdk");
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page).toHaveURL(new RegExp(`^${server.appUrl}/authorize/account\\?request=`));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).last().click();
  await verifyEmail(page, email);
  // The signed address was linked on the way: the wallet step is done, and the IBAN waits for the KYC the
  // integrator submits later.
  await expect(page).toHaveURL(/\/authorize\/iban\?/);
  await expect(page.locator('[data-step="wallet"]')).toHaveClass(/step-done/);
  await page.getByRole("link", { name: "Continue without an IBAN for now" }).click();
  await page.getByRole("button", { name: "Allow" }).click();

  await expect(page).toHaveURL("http://localhost:5173/callback"); // the SDK strips the code from the address bar
  await expect(page.locator("#out")).not.toHaveText("waiting");
  const out = JSON.parse(await page.locator("#out").innerText()) as {
    ok: boolean;
    error?: string;
    state?: string;
    ctx?: { email: string; profiles: unknown[] };
  };
  expect(out.error).toBeUndefined();
  expect(out.ok).toBe(true);
  expect(out.state).toBe("sdk-state");
  expect(out.ctx?.email).toBe(email);
  expect(out.ctx?.profiles).toHaveLength(1);
});

test("@monerium/sdk 3.5.0 in the browser: siwe() reaches /auth and getAccess() reports our refusal of an unlinked address", async ({
  page,
}) => {
  const { message, signature } = await sdkSiweForUnlinkedAddress();
  await page.addInitScript(
    (input) => {
      (window as unknown as { siweInput: unknown }).siweInput = input;
    },
    { message, signature },
  );
  await serveIntegrator(page, server.demo.codeClientId);
  await page.goto("http://localhost:5173/");
  await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
  await expect(page.locator("#out")).not.toHaveText("waiting");
  const out = JSON.parse(await page.locator("#out").innerText()) as { ok: boolean; error?: string };
  expect(out).toEqual({ ok: false, error: "the address is not linked on sepolia" });
});

test("@monerium/sdk 3.5.0 in the browser: siwe() with a linked address → code at once → getAccess() → getAuthContext()", async ({
  page,
  request,
}) => {
  const customer = await linkedCustomer(request);
  const { message, signature } = await sdkSiwe(customer.account);
  await page.addInitScript(
    (input) => {
      (window as unknown as { siweInput: unknown }).siweInput = input;
    },
    { message, signature },
  );
  await serveIntegrator(page, server.demo.codeClientId);
  await page.goto("http://localhost:5173/");
  await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
  await expect(page.locator("#out")).not.toHaveText("waiting");
  const out = JSON.parse(await page.locator("#out").innerText()) as {
    ok: boolean;
    error?: string;
    state?: string;
    ctx?: { email: string; defaultProfile: string };
  };
  expect(out.error).toBeUndefined();
  expect(out.state).toBe("siwe-state");
  expect(out.ctx).toMatchObject({ email: customer.email, defaultProfile: customer.profile });
});
