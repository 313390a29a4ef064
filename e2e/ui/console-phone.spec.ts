import { expect, test } from "@playwright/test";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { signInOperator } from "../fixtures/operator-console.ts";

// Issue 23, defect 6: on the operator's applications screen the privilege checkboxes were under WCAG 2.2's 24 px
// target size (axe rule target-size). This screen and the ledger are read here, not changed.

test("C61 / WCAG 2.2: the operator's applications screen has 24 px checkboxes and passes axe at 1280 and 360 px", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await signInOperator(page, "/operator/applications");
  const card = page.getByRole("article", { name: "Demo application" });
  const signUpBox = card.locator('input[value="sign_up"]');
  await expect(signUpBox).toBeVisible();
  const box = (await signUpBox.boundingBox())!;
  expect(Math.min(box.width, box.height), "the checkbox's target").toBeGreaterThanOrEqual(24);
  await checkAccessibility(page, testInfo, "operator-applications");

  await page.goto("/operator/ledger");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await checkAccessibility(page, testInfo, "operator-ledger");
});
