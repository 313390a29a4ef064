import { expect, test } from "@playwright/test";
import { uniqueEmail } from "../fixtures/callback.ts";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { expectStep, PASSWORD, signUp, startOnboarding, VERIFICATION_SUBJECT } from "../fixtures/onboarding.ts";
import { waitForMail } from "../fixtures/mailbox.ts";

// The onboarding as a whole: the router between steps, skipping, resuming, denying, the keyboard, accessibility.
// The KYC and wallet screens have specs of their own.

test("(d) skip_kyc and skip_create_account: from sign-up straight to the consent, the stepper marks the rest skipped", async ({
  page,
}) => {
  const { reached, state } = await startOnboarding(page, { skip_kyc: "true", skip_create_account: "true" });
  await expect(page).toHaveURL(/\/authorize\/account\?request=/);
  await signUp(page, uniqueEmail("skip"));
  await expect(page).toHaveURL(/\/authorize\/consent\?request=/);
  await expectStep(page, "account", "done");
  for (const step of ["profile", "kyc", "wallet", "iban"]) await expectStep(page, step, "skipped");
  await expectStep(page, "consent", "current");
  await expect(page.getByText("Step 2 of 2")).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  const back = await reached();
  expect(back.searchParams.get("state")).toBe(state);
  expect(back.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

test("(g) deny: the person refuses and the integrator gets access_denied with its state; the link is spent", async ({
  page,
}) => {
  const { reached, state } = await startOnboarding(page, { skip_kyc: "true", skip_create_account: "true" });
  const link = page.url();
  await signUp(page, uniqueEmail("deny"));
  await page.getByRole("button", { name: "Deny" }).click();
  const back = await reached();
  expect(back.searchParams.get("error")).toBe("access_denied");
  expect(back.searchParams.get("state")).toBe(state);
  expect(back.searchParams.get("code")).toBeNull();
  await page.unrouteAll();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This sign-in link has expired" })).toBeVisible();
});

test("steps ahead cannot be reached by their address: the router sends the person to the step they are on", async ({
  page,
}) => {
  await startOnboarding(page);
  const request = new URL(page.url()).searchParams.get("request")!;
  await page.goto(`/authorize/consent?request=${request}`);
  await expect(page).toHaveURL(/\/authorize\/account\?request=/);
  await signUp(page, uniqueEmail("ahead"));
  await expect(page).toHaveURL(/\/authorize\/profile\?request=/);
  await page.goto(`/authorize/iban?request=${request}`);
  await expect(page).toHaveURL(/\/authorize\/profile\?request=/);
});

test("a person who leaves after choosing a company account resumes there from the integrator's next link", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("resume");
  await startOnboarding(page);
  await signUp(page, email);
  await expect(page.getByRole("heading", { name: "Who is this account for?" })).toBeVisible();
  // Nothing chosen: the message sits next to the choice.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator("#kind-error")).toHaveText("Choose one of the two");
  await page.getByRole("radio", { name: /^For a company/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/authorize\/kyc\/details\?request=/);

  // Another day, another link from the integrator: signed out, signs in, and is back at the company's details.
  await context.clearCookies();
  await startOnboarding(page, { auth_mode: "login", email });
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).last().click();
  await expect(page).toHaveURL(/\/authorize\/kyc\/details\?request=/);
  await expectStep(page, "profile", "done");
  await expectStep(page, "kyc", "current");
});

test("keyboard only: sign up and allow without a pointer", async ({ page }) => {
  const { reached } = await startOnboarding(page, { skip_kyc: "true", skip_create_account: "true" });
  const email = uniqueEmail("keys");
  await page.getByLabel("Email").focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  // The code field has the focus once the code is on its way.
  await expect(page.getByLabel("Verification code")).toBeFocused();
  await page.keyboard.type((await waitForMail({ to: email, subject: VERIFICATION_SUBJECT })).code ?? "");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/authorize\/consent\?request=/);
  // Tab from the top of the page to the Allow button and press it.
  await page.locator("body").focus();
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    if (focused === "Allow") break;
  }
  await page.keyboard.press("Enter");
  expect((await reached()).searchParams.get("code")).toBeTruthy();
});

test("(i) C61 / WCAG 2.2: the account, profile and consent steps pass axe and fit at 1280 and 360 px", async ({
  page,
}, testInfo) => {
  // checkAccessibility scans each screen at both widths, and checks at 360 px that nothing scrolls sideways.
  await startOnboarding(page);
  await checkAccessibility(page, testInfo, "account");
  await signUp(page, uniqueEmail("a11y"));
  await expect(page.getByRole("heading", { name: "Who is this account for?" })).toBeVisible();
  await checkAccessibility(page, testInfo, "profile");

  await startOnboarding(page, { skip_kyc: "true", skip_create_account: "true" });
  await expect(page.getByRole("button", { name: "Allow" })).toBeVisible();
  await checkAccessibility(page, testInfo, "consent");
});
