import { expect, test } from "@playwright/test";
import { api } from "../fixtures/api.ts";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { signInOperator } from "../fixtures/operator-console.ts";

// The console's Countries page (issue 32): an admin reads every country's tiers and changes one, with a reason.

const CODE = "BV"; // Bouvet Island: no test's customer lives there; set back to its default afterwards.

test.afterAll(async () => {
  const admin = await operatorSession();
  await admin.patch(api(`/admin/countries/${CODE}`), {
    data: { nationality: "low", residency: "low", reason: "Back to the default after the console test" },
  });
  await admin.dispose();
});

test("countries: an admin changes a country's residency tier on the Countries page and GET /countries shows it", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await signInOperator(page, "/operator/countries");
  await expect(page.getByRole("heading", { name: "Countries", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: "Iran" })).toContainText("Prohibited");
  await checkAccessibility(page, testInfo, "operator-countries");

  const form = page.getByRole("form", { name: "Change a country's tiers" });
  await form.getByLabel("Country").selectOption(CODE);
  await form.getByLabel("Residency tier").selectOption("high");
  // Without a reason the change is refused where the operator types.
  await form.getByRole("button", { name: "Save tiers" }).click();
  await expect(form.getByRole("alert")).toContainText("Give a reason");
  await form.getByLabel("Reason (kept in the audit log)").fill("Console test");
  await form.getByRole("button", { name: "Save tiers" }).click();
  await expect(form.getByRole("status")).toHaveText("Bouvet Island: tiers saved.");
  await expect(page.getByRole("row", { name: "Bouvet Island" })).toContainText("High");

  const res = await request.get(api("/countries"));
  const { countries } = (await res.json()) as { countries: { code: string; nationality: string; residency: string }[] };
  expect(countries.find((c) => c.code === CODE)).toMatchObject({ nationality: "low", residency: "high" });
});
