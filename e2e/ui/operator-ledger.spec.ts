import { expect, test, type Page } from "@playwright/test";
import { approvedCustomer, linkAnotherAddress } from "../fixtures/approved-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { centsOf, signInAsOperator } from "../fixtures/operator-page.ts";
import { payIn, provisionIban } from "../fixtures/orders.ts";

// A chain the other specs leave alone, so the figures move by this test's payment only.
const CHAIN = "basesepolia";

/** The figures the page shows for euros on CHAIN: the overview row, and today's row of the daily table. */
async function figures(page: Page) {
  const overview = page.locator(`tr[data-pair="eur/${CHAIN}"] td.num`);
  const history = page.locator(`section[data-pair="eur/${CHAIN}"]`);
  if ((await overview.count()) === 0) return { issued: 0n, redeemed: 0n, outstanding: 0n, today: 0n };
  const [issued, redeemed, outstanding] = (await overview.allInnerTexts()).map(centsOf);
  const today = new Date().toISOString().slice(0, 10);
  await history.getByText("Figures per day").click();
  const todayIssued = history.getByRole("row", { name: today }).locator("td").first();
  return {
    issued: issued!,
    redeemed: redeemed!,
    outstanding: outstanding!,
    today: centsOf(await todayIssued.innerText()),
  };
}

test.describe.configure({ timeout: 60_000 });

test("issue 9: the ledger page's issued and outstanding figures and today's bar grow by a sandbox payment", async ({
  page,
  request,
}) => {
  const operator = await operatorSession();
  // One IBAN per profile: the customer's is the one asked for on CHAIN, for an address linked there.
  const customer = await approvedCustomer(request, operator);
  const account = await linkAnotherAddress(request, customer, CHAIN);
  const iban = await provisionIban(request, { ...customer, account }, CHAIN);
  await operator.dispose();

  await signInAsOperator(page, "/operator/ledger");
  await expect(page.getByRole("heading", { name: "Ledger", level: 1 })).toBeVisible();
  await expect(page.getByText("Every ledger invariant holds.")).toBeVisible();
  const before = await figures(page);

  await payIn(request, { ...customer, account, iban }, "1234.56");
  await page.reload();
  const after = await figures(page);
  expect(after.issued - before.issued).toBe(123456n);
  expect(after.outstanding - before.outstanding).toBe(123456n);
  expect(after.redeemed - before.redeemed).toBe(0n);
  expect(after.today - before.today).toBe(123456n);

  // The charts are images with a description; the same numbers are in the table beside them.
  const history = page.locator(`section[data-pair="eur/${CHAIN}"]`);
  await expect(history.getByRole("heading", { name: `EUR on ${CHAIN}` })).toBeVisible();
  const flow = history.getByRole("img", { name: /Issued and redeemed per day/ });
  await expect(flow).toHaveAccessibleDescription(/^Bar chart of EUR issued and redeemed on basesepolia per day from/);
  await expect(flow.locator("rect.issued")).not.toHaveCount(0);
  const outstanding = history.getByRole("img", { name: /Outstanding over time/ });
  await expect(outstanding).toHaveAccessibleDescription(/Line chart of EUR outstanding on basesepolia/);

  // Another period is a choice away.
  await page.getByLabel("Period").selectOption("7");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/days=7/);
  await history.getByText("Figures per day").click();
  await expect(history.locator("tbody tr")).toHaveCount(7);
});
