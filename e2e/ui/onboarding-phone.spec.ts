import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "../fixtures/callback.ts";
import { fillPerson, fillPersonalQuestionnaire, uploadIdentityDocument } from "../fixtures/kyc-screens.ts";
import { signUp, startOnboarding } from "../fixtures/onboarding.ts";
import { approveProfileNamed } from "../fixtures/operator.ts";
import { expectUsableOnPhone, PHONE } from "../fixtures/small-screen.ts";
import { installWallet } from "../fixtures/wallet.ts";

// Issue 23, defect 3: on a 360 px phone the connected wallet's address ran off the card, the page scrolled sideways
// and "Sign and link" could not be clicked. The whole onboarding is walked at that size, every screen checked.
const SEPOLIA = 11155111;

test.use({ viewport: PHONE });

/** The Safe checkbox sits beside its label: a box of its own size, the label's words starting right of it. */
async function expectCheckboxBesideLabel(page: Page, name: string): Promise<void> {
  const layout = await page.getByRole("checkbox", { name }).evaluate((input) => {
    const label = input.closest("label")!;
    const words = document.createRange();
    words.setStartAfter(input);
    words.setEndAfter(label.lastChild!);
    const box = input.getBoundingClientRect();
    const first = [...words.getClientRects()].find((r) => r.width > 0)!;
    return { boxWidth: box.width, boxRight: box.right, boxTop: box.top, wordsLeft: first.left, wordsTop: first.top };
  });
  expect.soft(layout.boxWidth, "the checkbox is a box, not a full-width bar").toBeLessThan(40);
  expect.soft(layout.wordsLeft, "the label starts right of the checkbox").toBeGreaterThanOrEqual(layout.boxRight);
  expect.soft(Math.abs(layout.wordsTop - layout.boxTop), "on the same line").toBeLessThan(24);
}

test("C61: the whole onboarding at 360×740, from sign-up to the redirect, scrolls no screen sideways and every control is clickable", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const account = await installWallet(page, { chainId: SEPOLIA });
  // A long address, as people have them: it must wrap, not widen the page.
  const email = uniqueEmail("c61-a-rather-long-mailbox-name-on-a-small-phone");
  const { reached } = await startOnboarding(page, { email });

  await expect(page).toHaveURL(/\/authorize\/account\?request=/);
  await expectUsableOnPhone(page, testInfo, "account");
  await signUp(page, email);

  await expect(page).toHaveURL(/\/authorize\/profile\?request=/);
  await expectUsableOnPhone(page, testInfo, "profile");
  await page.getByRole("radio", { name: /^For myself/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/authorize\/kyc\/details\?request=/);
  const last = `Jonsdottir-${Date.now().toString(36)}`;
  await fillPerson(page, "personal", { first: "Sigrid", last, birthday: "1988-03-02", idNumber: "B1234567" });
  await expectUsableOnPhone(page, testInfo, "kyc details");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/authorize\/kyc\/form\?request=/);
  await fillPersonalQuestionnaire(page);
  await expectUsableOnPhone(page, testInfo, "kyc form");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/authorize\/kyc\/verifications\?request=/);
  await expectUsableOnPhone(page, testInfo, "kyc verifications, empty");
  await uploadIdentityDocument(page, "a-scan-of-my-identity-document-with-a-long-file-name-");
  await expectUsableOnPhone(page, testInfo, "kyc verifications, uploaded");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/authorize\/wallet\?request=/);
  await expectUsableOnPhone(page, testInfo, "wallet, choose");
  await page.getByRole("button", { name: "Test Wallet" }).click();
  await expect(page.getByText(`Connected to Test Wallet: ${account.address}`)).toBeVisible();
  await expectUsableOnPhone(page, testInfo, "wallet, connected");
  await expectCheckboxBesideLabel(page, "My wallet is a Safe (sign on chain)");
  await page.getByLabel("Chain", { exact: true }).selectOption("sepolia");
  await page.getByRole("button", { name: "Sign and link" }).click({ timeout: 5_000 });

  await expect(page).toHaveURL(/\/authorize\/iban\?request=/);
  await expect(page.getByRole("heading", { name: "Your identity check is under review" })).toBeVisible();
  await expectUsableOnPhone(page, testInfo, "iban, under review");
  await approveProfileNamed(`Sigrid ${last}`);

  await expect(page.getByRole("button", { name: "Request my IBAN" })).toBeVisible({ timeout: 10_000 });
  await expectUsableOnPhone(page, testInfo, "iban, request");
  await page.getByRole("button", { name: "Request my IBAN" }).click();
  await expect(page.getByRole("heading", { name: "Your IBAN is ready" })).toBeVisible({ timeout: 15_000 });
  await expectUsableOnPhone(page, testInfo, "iban, ready");
  await page.getByRole("link", { name: "Continue", exact: true }).click();

  await expect(page).toHaveURL(/\/authorize\/consent\?request=/);
  await expectUsableOnPhone(page, testInfo, "consent");
  await page.getByRole("button", { name: "Allow" }).click();
  expect((await reached()).searchParams.get("code")).toBeTruthy();
});
