import { expect, test, type APIRequestContext } from "@playwright/test";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { api } from "../fixtures/api.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { signInAsOperator } from "../fixtures/operator-page.ts";
import { fundedCustomer, payIn, placed, redeemBody, type Order } from "../fixtures/orders.ts";

// A funded customer takes KYC approval and an IBAN first: on a busy machine that alone can take many seconds.
test.describe.configure({ timeout: 60_000 });

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

test("issue 9: the operator processes one signed redeem order and rejects another with a reason; the customer reads them so", async ({
  page,
  request,
}, testInfo) => {
  const customer = await fundedCustomer(request, operator, "100");
  const toProcess = await placed(request, customer.partner, await redeemBody(customer.account, "12.5"));
  const toReject = await placed(request, customer.partner, await redeemBody(customer.account, "7.25"));

  await signInAsOperator(page, "/operator/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Show")).toHaveValue("awaiting");
  await page.getByLabel("Profile id", { exact: true }).fill(customer.profile);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/filter=awaiting/);

  // Both signed redeem orders await the operator; the customer's issue order (already processed) does not.
  const processRow = page.getByRole("row", { name: `Order ${toProcess.id}` });
  const rejectRow = page.getByRole("row", { name: `Order ${toReject.id}` });
  await expect(page.locator("tbody tr")).toHaveCount(2);
  await expect(processRow).toContainText("12.50 EUR");
  await expect(processRow).toContainText("Mockbank Testerson · IBAN GR1601101250000000012300695");
  await expect(processRow).toContainText("Redeem");
  await expect(processRow).toContainText("sepolia");
  // C61 / WCAG 2.2: the queue with its ids and IBANs, at 1280 and 360 px.
  await checkAccessibility(page, testInfo, "operator-orders");
  await expect(processRow.locator(".badge")).toHaveText("placed");

  // Processing asks first; cancelling does nothing.
  await processRow.getByRole("button", { name: "Process" }).click();
  const confirm = page.getByRole("group", { name: "Process this order: burn 12.50 EUR and send the payout?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await processRow.getByRole("button", { name: "Process" }).click();
  await confirm.getByRole("button", { name: "Yes, process" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(`Order ${toProcess.id} was processed.`);
  await expect(processRow.locator(".badge")).toHaveText("processed");
  // No action is left on it; only its ids, IBAN and hash keep their copy buttons.
  await expect(processRow.getByRole("button").filter({ hasNotText: "Copy" })).toHaveCount(0);

  // Rejecting needs a reason: its error shows beside the field.
  await rejectRow.getByRole("button", { name: "Reject" }).click();
  await page.getByRole("button", { name: "Reject order" }).click();
  await expect(page.locator(`#reason-${toReject.id}-error`)).toHaveText("Reason missing");
  await page.getByLabel("Reason for rejecting").fill("Payee name does not match the account");
  await page.getByRole("button", { name: "Reject order" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(`Order ${toReject.id} was rejected.`);
  await expect(rejectRow.locator(".badge")).toHaveText("rejected");
  await expect(rejectRow).toContainText("Payee name does not match the account");

  // The customer's application reads the outcomes.
  const read = async (id: string) =>
    (await (await request.get(api(`/orders/${id}`), { headers: customer.partner })).json()) as Order;
  const processed = await read(toProcess.id);
  expect(processed.state).toBe("processed");
  // The burn's transaction hash, as the order carries it, is on its row.
  const [burnHash] = processed.meta.txHashes ?? [];
  expect(burnHash).toMatch(/^0x[0-9a-f]{64}$/);
  await expect(processRow.locator(`[data-tx-hash="${burnHash}"]`)).toHaveText(
    /^Transaction 0x[0-9a-f]{8}…[0-9a-f]{6} Copy$/,
  );
  const rejected = await read(toReject.id);
  expect(rejected.state).toBe("rejected");
  expect(rejected.meta.rejectedReason).toBe("Payee name does not match the account");

  // Loaded again, neither awaits the operator; each is found under its state.
  await page.reload();
  await expect(page.getByText("No orders match these filters.")).toBeVisible();
  await page.getByLabel("Show").selectOption("processed");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(2); // the pay-in and the processed redeem order
  await expect(processRow).toBeVisible();
  await page.getByLabel("Kind").selectOption("redeem");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(processRow).toBeVisible();
});

test("issue 9: the orders queue pages through a profile's orders, newest or oldest first, and names bad filters", async ({
  page,
  request,
}) => {
  const customer = await fundedCustomer(request, operator, "0");
  // 26 pay-ins: one more than a page. Amounts 1.01 … 1.26 tell them apart.
  for (let i = 1; i <= 26; i++) await payIn(request, customer, `1.${String(i).padStart(2, "0")}`);

  await signInAsOperator(page, `/operator/orders?filter=all&sort=newest&profile=${customer.profile}`);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText("1.26 EUR");
  await expect(rows.last()).toContainText("1.02 EUR");
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("1.01 EUR");
  await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
  await page.getByRole("link", { name: "Back to the first page" }).click();
  await expect(rows).toHaveCount(25);
  await page.getByLabel("Order", { exact: true }).selectOption("oldest");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(rows.first()).toContainText("1.01 EUR");

  // A profile id that is not one is named beside its field; an old or forged page link shows the first page.
  await page.goto("/operator/orders?filter=all&profile=not-a-profile");
  await expect(page.locator("#profile-error")).toHaveText("must be a profile id (a UUID)");
  await page.goto(`/operator/orders?filter=all&profile=${customer.profile}&cursor=bm9wZQ`);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "That page link is no longer valid. Showing the first page.",
  );
  await expect(rows).toHaveCount(25);
});
