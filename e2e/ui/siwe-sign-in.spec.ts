import { expect, test } from "@playwright/test";
import { api, server } from "../fixtures/api.ts";
import { pkcePair } from "../fixtures/pkce.ts";
import { installWallet } from "../fixtures/wallet.ts";

test("Sign in with Ethereum: the wallet connects and signs an EIP-4361 message; an unlinked address is refused", async ({
  page,
}) => {
  await installWallet(page, { chainId: 80002 });
  const auth = new URL(api("/auth"));
  auth.search = new URLSearchParams({
    client_id: server.demo.codeClientId,
    redirect_uri: "http://localhost:5173/callback",
    code_challenge: pkcePair().challenge,
    auth_mode: "login",
  }).toString();
  await page.goto(auth.toString());
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
