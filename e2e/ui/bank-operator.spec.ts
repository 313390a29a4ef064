import fs from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { docScreenshot } from "../fixtures/doc-screenshot.ts";
import { bankCredit, camt053Of, camt054Of, UNKNOWN_IBAN, uploadBankFile } from "../fixtures/bank.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { signInAsOperator } from "../fixtures/operator-page.ts";
import { fundedCustomer } from "../fixtures/orders.ts";

// An approved customer with an IBAN takes KYC approval and provisioning first.
test.describe.configure({ timeout: 120_000 });

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

test("C48: the operator uploads a statement, sees the minted credit and the exceptions, assigns one, returns the other and downloads the payment file", async ({
  page,
  request,
}, testInfo) => {
  const customer = await fundedCustomer(request, operator, "0");
  const minted = bankCredit(customer.iban, "25.00");
  const toAssign = bankCredit(UNKNOWN_IBAN, "40.00", { debtorName: "Mara Lindqvist" });
  const toReturn = bankCredit(UNKNOWN_IBAN, "12.50", { debtorName: "Jonas Weber" });
  const name = `camt054-${Date.now()}.xml`;

  await signInAsOperator(page, "/operator/bank");
  await expect(page.getByRole("heading", { name: "Statements", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Bank" }),
  ).toHaveAttribute("aria-current", "page");

  // Upload: the progress bar, then the import report with the minted credit's order and the exceptions.
  await page
    .getByLabel("Upload a statement")
    .setInputFiles({ name, mimeType: "application/xml", buffer: Buffer.from(camt054Of([minted, toAssign, toReturn])) });
  await expect(page.getByRole("main").getByRole("status").first()).toContainText(`${name} imported.`, {
    timeout: 30_000,
  });
  await expect(page.getByRole("main").getByRole("status").first()).toContainText("Minted: 1 · Exception: 2");
  const rows = page.locator("section[aria-label='Import report'] tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("Minted");
  await expect(rows.nth(0)).toContainText("25.00 EUR");
  await expect(rows.nth(0).getByRole("link", { name: "Order" })).toBeVisible();
  await expect(rows.nth(1)).toContainText("Exception");
  await expect(rows.nth(1)).toContainText("40.00 EUR");
  await expect(rows.nth(1).getByRole("link", { name: "Exceptions" })).toBeVisible();
  // The statement is listed, with its counts.
  await expect(page.getByRole("link", { name })).toBeVisible();
  await checkAccessibility(page, testInfo, "bank-statements");
  await docScreenshot(page, "bank-statements");

  // The file's own page: its report with the sender and IBAN of each entry, and its download.
  await page.getByRole("link", { name: "Open the full report" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Import report: ${name}`);
  const lines = page.locator("tbody tr");
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(1)).toContainText("Mara Lindqvist");
  await expect(lines.nth(1)).toContainText(UNKNOWN_IBAN);
  await expect(page.getByRole("link", { name: `Download ${name}` })).toBeVisible();
  await checkAccessibility(page, testInfo, "bank-file-report");

  // The minted credit's order.
  await lines.nth(0).getByRole("link", { name: "Order" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order 25.00 EUR");
  await expect(page.getByText("Issue", { exact: true })).toBeVisible();
  await checkAccessibility(page, testInfo, "bank-order");

  // The exceptions queue: both credits, with why they were not minted.
  await page.getByRole("navigation", { name: "Bank rail" }).getByRole("link", { name: "Exceptions" }).click();
  await expect(page.getByRole("heading", { name: "Exceptions", level: 1 })).toBeVisible();
  const assignRow = page.getByRole("row", { name: "Credit of 40.00 EUR from Mara Lindqvist" });
  const returnRow = page.getByRole("row", { name: "Credit of 12.50 EUR from Jonas Weber" });
  await expect(assignRow).toContainText(toAssign.remittance);
  await expect(returnRow).toBeVisible();
  await checkAccessibility(page, testInfo, "bank-exceptions");

  // Assign: a wrong IBAN is named beside the field; the customer's IBAN mints.
  await assignRow.getByRole("button", { name: "Assign to an IBAN" }).click();
  const ibanField = page.getByLabel("IBAN to mint to");
  await ibanField.fill("DE00 0000");
  await page.getByRole("button", { name: "Assign and mint" }).click();
  await expect(page.locator(`[id$="-error"]`).filter({ hasText: "is not a valid IBAN" })).toBeVisible();
  await expect(ibanField).toHaveAttribute("aria-invalid", "true");
  await docScreenshot(page, "bank-exceptions");
  await ibanField.fill(customer.iban);
  await page.getByRole("button", { name: "Assign and mint" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Assigned: 40.00 EUR mints to the IBAN given.");
  await expect(assignRow).toContainText("Assigned");
  await expect(assignRow.getByRole("button", { name: "Assign to an IBAN" })).toHaveCount(0);

  // Return: a reason is required; then the credit goes back.
  await returnRow.getByRole("button", { name: "Return to sender" }).click();
  await page.getByRole("button", { name: "Return the credit" }).click();
  await expect(page.locator(`[id$="-error"]`).filter({ hasText: "is required" })).toBeVisible();
  await page.getByLabel("Why it goes back").fill("No customer of ours has this IBAN");
  await page.getByRole("button", { name: "Return the credit" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Returned: 12.50 EUR goes back to its sender in the next payment file.",
  );
  await expect(returnRow).toContainText("Returned");

  // Both are resolved: listed there, no longer open.
  await page.getByRole("link", { name: "Resolved" }).click();
  await expect(page.getByRole("row", { name: "Credit of 40.00 EUR from Mara Lindqvist" })).toContainText("Assigned");
  await expect(page.getByRole("row", { name: "Credit of 12.50 EUR from Jonas Weber" })).toContainText("Returned");
  await checkAccessibility(page, testInfo, "bank-exceptions-resolved");

  // Payment files: the return's file (released at once in the sandbox), downloaded.
  await page.getByRole("navigation", { name: "Bank rail" }).getByRole("link", { name: "Payment files" }).click();
  await expect(page.getByRole("heading", { name: "Payment files", level: 1 })).toBeVisible();
  const fileRow = page.locator("tbody tr").filter({ hasText: "12.50 EUR" }).first();
  await expect(fileRow).toBeVisible();
  await expect(fileRow).toContainText(/Released|Delivered/);
  await checkAccessibility(page, testInfo, "bank-payment-files");
  await docScreenshot(page, "bank-payment-files");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    fileRow.getByRole("link", { name: /^Download / }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xml$/);
  const xml = fs.readFileSync(await download.path(), "utf8");
  expect(xml).toContain("<CstmrCdtTrfInitn>");
  expect(xml).toContain(toReturn.endToEndId);
  expect(xml).toContain('<InstdAmt Ccy="EUR">12.50</InstdAmt>');
});

test("C51: safeguarding shows per statement day the bank's balance beside what must be there, a difference flagged", async ({
  page,
}, testInfo) => {
  // A day statement whose closing balance is one euro more than anything the ledger knows of.
  const date = "2026-01-15";
  const statement = camt053Of({ date, openingMinor: 0n, closingMinor: 999_999_999n });
  const upload = await uploadBankFile(operator, statement, `camt053-${date}.xml`);
  expect(upload.status(), await upload.text()).toBe(201);
  await signInAsOperator(page, "/operator/bank/safeguarding");
  await expect(page.getByRole("heading", { name: "Safeguarding", level: 1 })).toBeVisible();
  const day = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: date }) });
  await expect(day).toContainText("9,999,999.99 EUR");
  await expect(day.locator(".badge.bad")).toContainText("Difference");
  await expect(page.getByRole("main").getByRole("alert")).toContainText(/(has|have) a difference/);
  await checkAccessibility(page, testInfo, "bank-safeguarding");
  await docScreenshot(page, "bank-safeguarding");
});
