import { expect, test, type Page } from "@playwright/test";
import { api, server } from "../fixtures/api.ts";
import { catchCallback } from "../fixtures/callback.ts";
import { linkedCustomer, REDIRECT } from "../fixtures/customer.ts";
import { pkcePair } from "../fixtures/pkce.ts";
import { installWallet } from "../fixtures/wallet.ts";

async function openAuthorize(page: Page) {
  const auth = new URL(api("/auth"));
  auth.search = new URLSearchParams({
    client_id: server.demo.codeClientId,
    redirect_uri: REDIRECT,
    code_challenge: pkcePair().challenge,
    state: "web-siwe",
    auth_mode: "login",
    skip_kyc: "true",
    skip_create_account: "true",
  }).toString();
  await page.goto(auth.toString());
}

test("C17: Sign in with Ethereum: the wallet connects and signs an EIP-4361 message; an unlinked address is refused", async ({
  page,
}) => {
  await installWallet(page, { chainId: 80002 });
  await openAuthorize(page);
  const signed = page.waitForRequest((r) => r.method() === "POST" && (r.postData() ?? "").includes("Chain ID: 80002"));
  await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
  const body = (await signed).postData() ?? "";
  expect(body).toContain("wants you to sign in with your Ethereum account");
  expect(body).toContain(`URI: ${server.appUrl}`);
  await expect(page.locator("#siwe-error")).toHaveText(
    "The wallet's signature did not sign you in: the address is not linked on amoy.",
  );
  await expect(page.getByRole("button", { name: "Allow" })).toHaveCount(0);
});

test("Sign in with Ethereum: a customer whose address is linked on the wallet's chain signs in, consents and is sent back with a code", async ({
  page,
  request,
}) => {
  const customer = await linkedCustomer(request, { chain: "amoy" });
  await installWallet(page, { chainId: 80002, account: customer.account });
  const reached = await catchCallback(page, REDIRECT);
  await openAuthorize(page);
  await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
  await expect(page.getByText(customer.email)).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  const back = await reached();
  expect(back.searchParams.get("state")).toBe("web-siwe");
  expect(back.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
