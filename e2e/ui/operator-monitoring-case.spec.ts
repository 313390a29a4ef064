import { expect, request as playwrightRequest, test } from "@playwright/test";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { api, jsonOf } from "../fixtures/api.ts";
import { operatorSession, roleOperatorSession } from "../fixtures/operator.ts";
import { signInOperator } from "../fixtures/operator-console.ts";
import { fundedCustomer, payIn } from "../fixtures/orders.ts";

// C67, C66: a credit at the default large-amount threshold is a monitoring case in the console's queue; the officer
// reads the rule and what it saw beside the movement, asks to confirm it as suspicious activity, a second officer
// approves, and the profile is frozen (told only that its state is now blocked).

type CaseRow = { id: string; number: number; profileId: string | null; subjectKind: string };

test("C67 C66 a monitoring case in the console: the rule and the movement, confirmed by two officers, freezes the profile", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const setup = await playwrightRequest.newContext();
  const operator = await operatorSession();
  const compliance = await roleOperatorSession("compliance");
  try {
    const customer = await fundedCustomer(setup, operator, "0");
    const credit = await payIn(setup, customer, "10000");
    let found: CaseRow | undefined;
    await expect
      .poll(
        async () => {
          for (let page = 1; !found; page += 1) {
            const res = await compliance.get(`/api/admin/screening/cases?kind=monitoring&page=${page}`);
            const body = (await jsonOf(res)) as { cases: CaseRow[]; pages: number };
            found = body.cases.find((c) => c.profileId === customer.profile && c.subjectKind === "large-amount");
            if (page >= body.pages) break;
          }
          return found !== undefined;
        },
        { intervals: [250], timeout: 20_000 },
      )
      .toBe(true);
    const row = found!;

    await signInOperator(page, "/operator/screening/cases?kind=monitoring");
    await expect(page.getByRole("link", { name: "Monitoring alerts" })).toHaveAttribute("aria-current", "page");
    await page.goto(`/operator/screening/cases/${row.id}`);
    await expect(page.getByRole("heading", { name: `Case ${row.number}`, level: 1 })).toBeVisible();
    const alert = page.getByRole("region", { name: "Alert" });
    await expect(alert).toContainText("Large amount");
    await expect(alert).toContainText("One movement of 10000.00 EUR received");
    await expect(alert).toContainText("10000.00 EUR");
    const movement = page.getByRole("region", { name: "Movement" });
    await expect(movement).toContainText(credit.id);
    await expect(movement.getByRole("link", { name: "The profile", exact: true })).toHaveAttribute(
      "href",
      `/operator/profiles/${customer.profile}`,
    );
    await checkAccessibility(page, testInfo, "operator-monitoring-case");

    await page.getByLabel("Reason (kept with the case and in the audit log)").fill("No source of funds given");
    await page.getByRole("button", { name: /Confirm as suspicious activity/ }).click();
    await expect(page.getByText("Asked: a second compliance officer confirms it under Approvals.")).toBeVisible();

    const pending = (await jsonOf(await compliance.get("/api/admin/approvals"))) as {
      approvals: { id: string; subject: { id: string } }[];
    };
    const approval = pending.approvals.find((a) => a.subject.id === row.id);
    expect(approval).toBeDefined();
    const approved = await compliance.post(`/api/admin/approvals/${approval!.id}`, { data: { decision: "approve" } });
    expect(approved.status(), await approved.text()).toBe(200);

    await page.reload();
    await expect(page.getByText(/^Confirmed · Large amount/)).toBeVisible();
    const profile = await setup.get(api(`/profiles/${customer.profile}`), { headers: customer.partner });
    expect(((await jsonOf(profile)) as { state: string }).state).toBe("blocked");
  } finally {
    await compliance.dispose();
    await operator.dispose();
    await setup.dispose();
  }
});
