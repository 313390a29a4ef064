import { expect, test, type Locator, type Page } from "@playwright/test";
import { api, server } from "../fixtures/api.ts";
import { customerHeaders } from "../fixtures/customer.ts";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { signInOperator, submittedCustomer } from "../fixtures/operator-console.ts";

// The operator's KYC review in the console, in Chromium: the queue, a profile's submissions with its documents in
// place, decisions per section and for the whole profile, block and unblock. What the operator decides reaches the
// customer's own token, and is audited like the admin API's writes.

/** Pages through the review queue until `name` shows up. */
async function findInQueue(page: Page, name: string): Promise<Locator> {
  const link = page.getByRole("link", { name, exact: true });
  for (let i = 0; i < 40 && !(await link.isVisible()); i++) {
    await page.getByRole("link", { name: "Next page" }).click();
  }
  await expect(link).toBeVisible();
  return link;
}

function section(page: Page, name: string | RegExp): Locator {
  return page.getByRole("region", { name });
}

test("issue 9: operator approves a submitted profile and the customer sees it", async ({ page, request }, testInfo) => {
  // Many steps through the screens (about 15 s on an idle machine); room for a busy one.
  test.setTimeout(90_000);
  const customer = await submittedCustomer(request);

  await signInOperator(page, "/operator");
  await expect(page.getByRole("heading", { name: "KYC review" })).toBeVisible();
  const link = await findInQueue(page, customer.name);
  await checkAccessibility(page, testInfo, "operator-queue");
  const row = page.getByRole("row").filter({ has: link });
  await expect(row).toContainText("Personal");
  await expect(row).toContainText("Details, Questionnaire, Verification: id document");
  await expect(row).toContainText("Awaiting review");
  await link.click();
  await expect(page).toHaveURL(`/operator/profiles/${customer.profile}`);
  await expect(page.getByRole("heading", { level: 1, name: customer.name })).toBeVisible();
  const summary = page.locator("main > dl.facts");
  await expect(summary.locator('[data-state="pending"]')).toHaveText("Awaiting review");

  // What was submitted, readable; the documents in place: the picture shown, the PDF embedded.
  const details = section(page, /^Details/);
  await expect(details.getByRole("heading")).toContainText("Awaiting review");
  await expect(details).toContainText("First name");
  await expect(details).toContainText("Liverpool");
  await expect(section(page, /^Questionnaire/)).toContainText("OCCUPATION_EMPLOYED");
  const verification = section(page, /^Verification: id document/);
  const picture = verification.getByRole("img", { name: "Passport, front: passport-front.png" });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  const pdf = verification.locator("iframe");
  await expect(pdf).toHaveAttribute("src", `/api/admin/files/${customer.pdf}?inline=1`);
  await expect(pdf).toHaveAttribute("title", "Passport, back: passport-back.pdf");
  const inline = await page.request.get(`/api/admin/files/${customer.pdf}?inline=1`);
  expect(inline.status()).toBe(200);
  expect(inline.headers()).toMatchObject({
    "content-type": "application/pdf",
    "content-security-policy": "sandbox; frame-ancestors 'self'",
    "x-content-type-options": "nosniff",
  });
  expect(inline.headers()["content-disposition"]).toMatch(/^inline; filename="passport-back.pdf"/);
  await checkAccessibility(page, testInfo, "operator-profile");
  // At 360 px the page does not scroll sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(verification.getByRole("link", { name: "Download" }).first()).toHaveAttribute(
    "href",
    `/api/admin/files/${customer.png}`,
  );

  // A rejection needs a reason: said at the field, nothing is sent.
  await details.getByRole("button", { name: "Reject" }).click();
  await expect(details.locator("#section-details-reason-error")).toHaveText(
    "A rejection needs a reason the customer can act on",
  );
  await expect(details.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await expect(details.getByRole("heading")).toContainText("Awaiting review");

  // Approve the details alone, then everything else awaiting review at once.
  await details.getByRole("button", { name: "Approve" }).click();
  await expect(details.getByRole("heading")).toContainText("Approved");
  await expect(details.getByRole("button", { name: "Approve" })).toHaveCount(0);
  const whole = section(page, "Decide the whole profile");
  await whole.getByRole("button", { name: "Approve all awaiting review" }).click();
  await expect(whole).toHaveCount(0);
  await expect(verification.getByRole("heading")).toContainText("Approved");
  await expect(section(page, /^Questionnaire/).getByRole("heading")).toContainText("Approved");
  await expect(summary.locator('[data-state="approved"]')).toBeVisible();

  // The customer's own token reads the profile as approved.
  const own = await customerHeaders(request, customer.account);
  const read = await request.get(api(`/profiles/${customer.profile}`), { headers: own });
  expect(read.status()).toBe(200);
  expect(await read.json()).toMatchObject({
    id: customer.profile,
    state: "approved",
    details: { state: "approved" },
    form: { state: "approved" },
    verifications: [{ kind: "idDocument", state: "approved" }],
  });

  // Block (a reason first, then a confirmation), then unblock.
  const block = section(page, "Block or unblock");
  await block.getByRole("button", { name: "Block profile" }).click();
  await expect(block.locator("#block-reason-error")).toHaveText("Give a reason");
  await block.getByLabel("Reason for blocking").fill("Passport reported stolen");
  await block.getByRole("button", { name: "Block profile" }).click();
  await expect(block).toContainText(`Block ${customer.name}? Every service stops for this profile.`);
  await block.getByRole("button", { name: "Yes, block" }).click();
  await expect(block.getByRole("status")).toHaveText("The profile is blocked.");
  await expect(summary.locator('[data-state="blocked"]')).toBeVisible();
  await expect(summary).toContainText("Passport reported stolen");
  const blocked = await request.get(api(`/profiles/${customer.profile}`), { headers: own });
  expect(((await blocked.json()) as { state: string }).state).toBe("blocked");
  await block.getByRole("button", { name: "Unblock profile" }).click();
  await block.getByRole("button", { name: "Yes, unblock" }).click();
  await expect(block.getByRole("status")).toHaveText("The profile is unblocked.");
  await expect(summary.locator('[data-state="approved"]')).toBeVisible();

  // Each console action is in the audit log exactly as an admin API write would be: the operator, a request id.
  const operator = await operatorSession();
  const audit = (await (await operator.get(`/api/admin/audit?subject=${customer.profile}`)).json()) as {
    entries: { action: string; actor: { email: string }; requestId: string | null; reason: string | null }[];
  };
  await operator.dispose();
  expect(audit.entries.map((e) => e.action)).toEqual([
    "profile.unblock",
    "profile.block",
    "profile.approve",
    "profile.section.approve",
  ]);
  for (const entry of audit.entries) {
    expect(entry.actor.email).toBe(server.demo.operatorEmail);
    expect(entry.requestId).toMatch(/^[A-Za-z0-9._:-]{8,64}$/);
  }
  expect(audit.entries[1]?.reason).toBe("Passport reported stolen");
});

test("issue 9: a profile that does not exist is the console's 404", async ({ page }) => {
  await signInOperator(page, "/operator/audit");
  const res = await page.goto("/operator/profiles/00000000-0000-4000-8000-000000000000");
  expect(res?.status()).toBe(404);
  expect((await page.goto("/operator/profiles/not-a-uuid"))?.status()).toBe(404);
});
