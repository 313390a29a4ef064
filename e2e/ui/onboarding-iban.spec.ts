import { expect, test } from "@playwright/test";
import { api } from "../fixtures/api.ts";
import { approvedCustomer } from "../fixtures/approved-customer.ts";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { expectStep, startOnboarding } from "../fixtures/onboarding.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { installWallet } from "../fixtures/wallet.ts";

// The IBAN step: an approved customer whose wallet is linked signs in with it and gets an IBAN on the way to the
// consent; one still under review may go on without.

test("an approved customer with a linked wallet: sign in with Ethereum, request the IBAN, watch it provisioned, copy it, allow", async ({
  page,
  context,
  request,
}, testInfo) => {
  const operator = await operatorSession();
  const customer = await approvedCustomer(request, operator);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await installWallet(page, { chainId: 11155111, account: customer.account });
  const { reached, state } = await startOnboarding(page, { auth_mode: "login" });
  await page.getByRole("button", { name: "Sign in with Ethereum" }).click();

  // Profile, KYC and wallet are done already: straight to the IBAN.
  await expect(page).toHaveURL(/\/authorize\/iban\?request=/);
  for (const step of ["account", "profile", "kyc", "wallet"]) await expectStep(page, step, "done");
  await expectStep(page, "iban", "current");
  await expect(page.getByLabel("Pay into")).toHaveValue(`sepolia:${customer.account.address}`);
  await checkAccessibility(page, testInfo, "iban-request");
  await page.getByRole("button", { name: "Request my IBAN" }).click();

  // Provisioning runs every second in the tests; the page polls until the number is there.
  await expect(page.getByRole("heading", { name: "Your IBAN is ready" })).toBeVisible({ timeout: 15_000 });
  const shown = (await page.getByTestId("iban").innerText()).trim();
  expect(shown).toMatch(/^[A-Z]{2}\d{2}( [A-Z0-9]{1,4})+$/);
  await checkAccessibility(page, testInfo, "iban-ready");

  // The same IBAN through the API, and the copy button copies it without spaces.
  const ibans = await request.get(api("/ibans"), { headers: customer.partner, params: { profile: customer.profile } });
  const body = (await ibans.json()) as { ibans: { iban: string; bic: string; address: string }[] };
  expect(body.ibans).toEqual([expect.objectContaining({ iban: shown, address: customer.account.address })]);
  await expect(page.getByTestId("bic")).toHaveText(body.ibans[0]!.bic);
  await page.getByRole("button", { name: "Copy IBAN" }).click();
  await expect(page.getByRole("button", { name: "Copy IBAN" })).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.replace(/ /g, ""));

  await page.getByRole("link", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(/\/authorize\/consent\?request=/);
  await page.getByRole("button", { name: "Allow" }).click();
  const back = await reached();
  expect(back.searchParams.get("state")).toBe(state);
  expect(back.searchParams.get("code")).toBeTruthy();
});
