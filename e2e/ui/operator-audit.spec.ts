import { expect, test, type APIRequestContext } from "@playwright/test";
import { server } from "../fixtures/api.ts";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { signInOperator, submittedCustomer } from "../fixtures/operator-console.ts";

// The audit log in the console: who did what to which subject, when, why, and what it changed, newest first;
// filtered by subject and action, paged by an "Older" link.

async function act(operator: APIRequestContext, path: string, data: object) {
  const res = await operator.post(path, { data, headers: { origin: server.appUrl } });
  expect(res.status(), await res.text()).toBe(200);
}

test("issue 9: the audit log shows the operator's actions with before and after, by subject and action, page by page", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const customer = await submittedCustomer(request);
  const operator = await operatorSession();
  const base = `/api/admin/profiles/${customer.profile}`;
  await act(operator, `${base}/decision`, { decision: "reject", section: "details", reason: "Address unreadable" });
  await act(operator, `${base}/block`, { reason: "Suspected fraud" });
  await act(operator, `${base}/unblock`, {});
  await operator.dispose();

  await signInOperator(page, "/operator/audit");
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await page.getByLabel("Subject id").fill(customer.profile);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`subject=${customer.profile}`));
  const rows = page.getByRole("table", { name: "Operator actions" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute("data-action", "profile.unblock");
  await expect(rows.nth(1)).toHaveAttribute("data-action", "profile.block");
  await expect(rows.nth(2)).toHaveAttribute("data-action", "profile.section.reject");

  const rejected = rows.nth(2);
  await expect(rejected).toContainText(server.demo.operatorEmail);
  await expect(rejected).toContainText("Rejected section");
  await expect(rejected).toContainText("Address unreadable");
  await expect(rejected.getByRole("link", { name: "profile" })).toHaveAttribute(
    "href",
    `/operator/profiles/${customer.profile}`,
  );
  // Before and after, as the values that changed.
  await expect(rejected.locator(".diff li")).toHaveText([
    "State: Awaiting review → Rejected",
    "Details: Awaiting review → Rejected",
  ]);
  await expect(rows.nth(1).locator(".diff li")).toHaveText(["State: Rejected → Blocked"]);
  await expect(rows.nth(1)).toContainText("Suspected fraud");
  await expect(rows.nth(0).locator(".diff li")).toHaveText(["State: Blocked → Rejected"]);
  await checkAccessibility(page, testInfo, "operator-audit");

  // By action as well.
  await page.getByLabel("Action", { exact: true }).selectOption("profile.block");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-action", "profile.block");

  // One entry a page: "Older" walks back, "Newest" returns.
  await page.goto(`/operator/audit?subject=${customer.profile}&limit=1`);
  const seen: (string | null)[] = [];
  for (let i = 0; i < 3; i++) {
    await expect(rows).toHaveCount(1);
    seen.push(await rows.first().getAttribute("data-action"));
    const older = page.getByRole("link", { name: "Older" });
    if (i < 2) {
      const href = (await older.getAttribute("href")) ?? "";
      expect(href).toContain(`subject=${customer.profile}`);
      await older.click();
      await expect(page).toHaveURL(href);
    } else {
      await expect(older).toHaveCount(0);
    }
  }
  expect(seen).toEqual(["profile.unblock", "profile.block", "profile.section.reject"]);
  await page.getByRole("link", { name: "Newest" }).click();
  await expect(rows.first()).toHaveAttribute("data-action", "profile.unblock");

  // A filter that is not an id is refused at its field; a filter that matches nothing says so.
  await page.goto("/operator/audit?subject=not-a-uuid");
  await expect(page.locator("#audit-subject-error")).toHaveText("must be a UUID");
  await page.goto("/operator/audit?subject=00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("No operator action matches these filters.")).toBeVisible();
});
