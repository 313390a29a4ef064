import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { api, server } from "../fixtures/api.ts";
import { eurBalance, fundedCustomer, PAYEE, settle, type FundedCustomer, type Order } from "../fixtures/orders.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { installWallet } from "../fixtures/wallet.ts";

// The built-in demo integrator, driven like a newcomer would: /demo, connect, sign in with the wallet, consent.
const SEPOLIA = 11155111;
// Two customers are made through the API first; on a busy machine that alone takes a while.
test.setTimeout(60_000);
const CALLBACK = `${server.appUrl}/demo/callback`;

/** From /demo through Tokenrail's sign-in (Sign-In with Ethereum by the customer's linked address) to the consent. */
async function connectThroughDemo(page: Page): Promise<void> {
  await page.goto("/demo");
  await expect(page.getByText(CALLBACK)).toBeVisible();
  await page.getByRole("button", { name: "Connect with Tokenrail" }).click();
  await expect(page).toHaveURL(/\/authorize\/account\?request=/);
  await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
  await expect(page.getByRole("button", { name: "Allow" })).toBeVisible();
}

/** An approved customer with an address on sepolia, an IBAN and `amount` euros (the operator approves, then leaves). */
async function fundedCustomerFor(request: APIRequestContext, amount: string): Promise<FundedCustomer> {
  const operator = await operatorSession();
  try {
    return await fundedCustomer(request, operator, amount);
  } finally {
    await operator.dispose();
  }
}

test("issue 9: /demo runs the authorization flow and shows context and balances", async ({
  page,
  request,
}, testInfo) => {
  const customer = await fundedCustomerFor(request, "100");
  await installWallet(page, { chainId: SEPOLIA, account: customer.account });

  await connectThroughDemo(page);
  await page.getByRole("button", { name: "Allow" }).click();
  // The code was exchanged in the browser and taken out of the address bar.
  await expect(page).toHaveURL(CALLBACK);
  await expect(page.getByTestId("demo-email")).toHaveText(`Signed in as ${customer.email}`);
  await expect(page.getByTestId("demo-profile-state")).toHaveText("Approved");
  await expect(page.getByTestId("demo-iban")).toHaveText(customer.iban);
  await expect(page.getByTestId("balance-sepolia")).toContainText("100.00 EUR");
  await expect(page.getByTestId("demo-orders")).toContainText("Issue");
  // The mint's transaction hash, as the API reports it, is on the issue order's row.
  const listed = await request.get(api(`/orders?profile=${customer.profile}`), { headers: customer.partner });
  const [mintHash] = ((await listed.json()) as { orders: Order[] }).orders[0]?.meta.txHashes ?? [];
  expect(mintHash).toMatch(/^0x[0-9a-f]{64}$/);
  await expect(page.getByTestId("demo-orders").locator(`[data-tx-hash="${mintHash}"] code`)).toHaveText(
    `${mintHash!.slice(0, 10)}…${mintHash!.slice(-6)}`,
  );
  await checkAccessibility(page, testInfo, "demo-account");

  // Redeem with the wallet of the linked address: it signs the order message, the order is placed and held.
  const connected = page.getByText(new RegExp(`^Signing with .+: ${customer.account.address}`));
  const choose = page.getByRole("button", { name: "Test Wallet" });
  await expect(connected.or(choose)).toBeVisible();
  if (await choose.isVisible()) await choose.click();
  await expect(connected).toBeVisible();
  const form = page.getByRole("form", { name: "Redeem to a bank account" });
  await form.getByRole("button", { name: "Sign and place order" }).click();
  await expect(form.locator("#redeem-amount-error")).toHaveText(
    "Enter an amount such as 25 or 25.50 (at most two decimals, more than zero)",
  );
  await form.getByLabel("Amount (EUR)").fill("25");
  await form.getByLabel("Payee IBAN").fill(PAYEE.identifier.iban);
  await form.getByLabel("Payee first name").fill(PAYEE.details.firstName);
  await form.getByLabel("Payee last name").fill(PAYEE.details.lastName);
  await form.getByLabel("Memo (optional)").fill("Invoice 2026-114");
  await form.getByRole("button", { name: "Sign and place order" }).click();

  const placed = page.getByTestId("demo-placed");
  await expect(placed).toContainText(`25.00 EUR to ${PAYEE.identifier.iban}`);
  await expect(placed).toContainText("Placed");
  await expect(placed.locator("code")).toHaveText(
    new RegExp(`^Send EUR 25 to ${PAYEE.identifier.iban} at \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$`),
  );
  await expect(page.getByTestId("balance-sepolia")).toContainText("75.00 EUR");
  await expect(page.getByTestId("demo-orders").locator("tbody tr").first()).toContainText("Redeem");
  expect(await eurBalance(request, customer)).toBe("75.00");

  // The page follows the order: processed by the sandbox's operator stand-in, it says so without a reload.
  const orderId = (await page.getByTestId("demo-orders").locator("tbody tr").first().getAttribute("data-order")) ?? "";
  expect((await settle(request, customer.partner, orderId)).status()).toBe(200);
  await expect(placed).toContainText("Processed");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("demo-account-360.png"), fullPage: true });
  // Nothing widens the page on a small phone (the orders table scrolls inside its card).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Back at /demo, the tab's token leads straight to the account again.
  await page.goto("/demo");
  await page.getByRole("link", { name: "Back to your connected account" }).click();
  await expect(page.getByTestId("balance-sepolia")).toContainText("75.00 EUR");
});

test("issue 9: /demo says plainly when the person denies access, or when the answer is not one it asked for", async ({
  page,
  request,
}) => {
  const customer = await fundedCustomerFor(request, "0");
  await installWallet(page, { chainId: SEPOLIA, account: customer.account });

  await connectThroughDemo(page);
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page).toHaveURL(CALLBACK);
  await expect(page.locator("#demo-problem")).toHaveText(
    "You did not allow the demo application to access your account.",
  );
  await page.getByRole("link", { name: "Start again" }).click();
  await expect(page).toHaveURL(`${server.appUrl}/demo`);

  // A code this tab never asked for is not exchanged.
  await page.goto("/demo/callback?code=forged-code&state=forged-state");
  await expect(page.locator("#demo-problem")).toContainText("the state does not match");
});
