import { expect, test } from "@playwright/test";
import { server } from "../fixtures/api.ts";

test("the home page says what this instance is and links to the docs", async ({ page }) => {
  await page.goto("/");
  // Every area of the product is one click away.
  for (const place of ["Developer portal", "Demo app", "Sandbox simulator", "Operator console"]) {
    await expect(page.getByRole("link", { name: place })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fiat-backed tokens, self-hosted");
  await expect(page.getByRole("status")).toContainText("Sandbox");
  await expect(page.getByTestId("environment")).toHaveText("sandbox");
  await expect(page.getByTestId("base-url")).toHaveText(server.baseUrl);
  await page.getByRole("link", { name: "Read the API documentation" }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
});
