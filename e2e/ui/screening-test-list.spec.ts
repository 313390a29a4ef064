import { screeningCopy } from "../../components/copy/screening.ts";
import { server } from "../fixtures/api.ts";
import { expect, test } from "../fixtures/contract-test.ts";
import { roleOperatorEmail } from "../fixtures/operator.ts";

/**
 * C65 in the console: a compliance officer publishes the sandbox test list's next version (the simulator's list
 * update) from the Screening page, and the version's page shows its re-screening run to the end.
 */
test("C65 a compliance officer publishes a test list update in the console and sees every customer re-screened", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/sign-in?next=/operator/screening");
  await page.getByLabel("Email").fill(roleOperatorEmail("compliance"));
  await page.getByLabel("Password").fill(server.demo.operatorPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/operator\/screening$/);
  const section = page.getByRole("region", { name: screeningCopy.testList.title });
  await section.getByRole("button", { name: screeningCopy.testList.publish }).click();
  const status = section.getByRole("status");
  await expect(status).toHaveText(/^Version \d+ published/);
  const number = Number(/Version (\d+)/.exec((await status.textContent()) ?? "")?.[1]);
  await section.getByRole("link", { name: String(number), exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Sandbox test list, version ${number}`);
  const rescreen = page.getByRole("region", { name: screeningCopy.rescreen.title });
  await expect(async () => {
    await page.reload();
    await expect(rescreen.getByRole("status")).toHaveText(/^Done · Rescreened [\d,]+ customers and [\d,]+ addresses/, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });
});
