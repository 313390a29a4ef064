import { expect, test } from "@playwright/test";
import { approvedCustomer } from "../fixtures/approved-customer.ts";
import { demoApplicationId, developerCredentials, signInOnPage } from "../fixtures/demo-developer.ts";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { RecordingReceiver } from "../fixtures/recording-receiver.ts";

test("issue 9: integrator creates a subscription and sees a delivery", async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const operator = await operatorSession();
  const receiver = new RecordingReceiver();
  const refusing = new RecordingReceiver();
  refusing.respond = () => 503;
  try {
    const [url, refusingUrl, applicationId] = await Promise.all([
      receiver.start(),
      refusing.start(),
      demoApplicationId(operator),
    ]);
    const base = `/developers/apps/${applicationId}/webhooks`;

    // A visitor signs in first and comes back to the page.
    await page.goto(base);
    await signInOnPage(page, developerCredentials());
    // Checking a password is deliberately slow work for the server.
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(new RegExp(`${base}$`));

    const form = page.getByRole("region", { name: "Add an endpoint" });
    await expect(form.getByRole("checkbox", { name: /^iban\.updated/ })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: /^profile\.updated/ })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: /^order\.created/ })).not.toBeChecked();

    // An endpoint that does not answer subscription.created with a 2xx is refused at its field; nothing is saved.
    await form.getByLabel("Endpoint URL").fill(refusingUrl);
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(form.locator("#url-error")).toContainText("answered 503");
    expect(refusing.requests).toHaveLength(1);
    await expect(page.getByRole("article", { name: refusingUrl })).toHaveCount(0);
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);

    // A working one is subscribed; its secret, made by Tokenrail, is shown once and signs every request.
    await form.getByLabel("Endpoint URL").fill(url);
    await form.getByRole("checkbox", { name: /^order\.created/ }).check();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("you will not see this again")).toBeVisible({ timeout: 10_000 });
    const secret = await page.getByTestId("webhook-secret").innerText();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(receiver.verified(secret).map((r) => r.type)).toEqual(["subscription.created"]);
    await checkAccessibility(page, testInfo, "webhooks-endpoints");
    const card = page.getByRole("article", { name: url });
    await expect(card.locator(".badge")).toHaveText("Active");
    await expect(card.locator(".endpoint-types code")).toHaveText(["iban.updated", "order.created", "profile.updated"]);

    // Something the application can see happens: a customer it signed up is approved.
    const customer = await approvedCustomer(request, operator);
    const forCustomer = () =>
      receiver.verified(secret).filter((r) => {
        const data = r.data as { id?: string; state?: string };
        return r.type === "profile.updated" && data.id === customer.profile && data.state === "approved";
      });
    await expect.poll(() => forCustomer().length, { timeout: 15_000 }).toBe(1);
    const deliveryId = forCustomer()[0]!.id;

    // The delivery log, filtered to this endpoint and event, shows it with its attempt.
    await page.getByRole("link", { name: "Delivery log" }).click();
    await expect(page.getByRole("heading", { name: "Delivery log", level: 1 })).toBeVisible();
    await page.getByLabel("Endpoint", { exact: true }).selectOption({ label: url });
    await page.getByLabel("Event", { exact: true }).selectOption("profile.updated");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/type=profile\.updated/);
    const row = page.getByRole("row").filter({ hasText: deliveryId });
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText("Delivered", { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(row.getByRole("cell").nth(4)).toHaveText("1");
    await expect(row.getByRole("cell").nth(5)).toHaveText("200");

    // Its detail: event, payload, the attempt; "Resend" sends it again with the same webhook-id.
    await row.getByRole("link", { name: deliveryId }).click();
    await expect(page.getByRole("heading", { name: "Delivery of profile.updated" })).toBeVisible();
    await expect(page.locator(".payload")).toContainText(`"id": "${customer.profile}"`);
    const attempts = page.getByRole("table", { name: "Every attempt to deliver this event" }).locator("tbody tr");
    await expect(attempts).toHaveCount(1);
    await expect(attempts.first().getByRole("cell").nth(2)).toHaveText("200");
    await page.getByRole("button", { name: "Resend" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Sent again" })).toBeVisible();
    await expect(attempts).toHaveCount(2, { timeout: 15_000 });
    await expect(attempts.nth(1).getByRole("cell").nth(2)).toHaveText("200");
    const sent = receiver.verified(secret).filter((r) => r.id === deliveryId);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toBe(sent[0]!.body);
    await page.setViewportSize({ width: 360, height: 800 });
    await checkAccessibility(page, testInfo, "webhooks-delivery-360");

    // Someone else signed in gets the 404 of a page that does not exist, on every webhook page.
    for (const path of [base, `${base}/deliveries`, `${base}/deliveries/${deliveryId}`]) {
      expect((await operator.get(path)).status(), path).toBe(404);
    }

    // Back on the endpoints, the secret is not shown again; the endpoint is switched off, then deleted.
    await page.getByRole("link", { name: "Endpoints" }).click();
    await expect(card).toBeVisible();
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);
    await card.getByRole("button", { name: "Change events" }).click();
    await card.getByRole("checkbox", { name: /^order\.created/ }).uncheck();
    await card.getByRole("checkbox", { name: /^iban\.updated/ }).uncheck();
    await card.getByRole("button", { name: "Save events" }).click();
    await expect(card.locator(".endpoint-types code")).toHaveText(["profile.updated"]);
    await card.getByRole("button", { name: "Deactivate" }).click();
    await expect(card.locator(".badge")).toHaveText("Inactive");
    // Switching it back on is verified with subscription.created, as at creation.
    const handshakes = receiver.verified(secret).filter((r) => r.type === "subscription.created").length;
    await card.getByRole("button", { name: "Reactivate" }).click();
    await expect(card.locator(".badge")).toHaveText("Active");
    expect(receiver.verified(secret).filter((r) => r.type === "subscription.created")).toHaveLength(handshakes + 1);
    await card.getByRole("button", { name: "Delete" }).click();
    await card.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(card).toHaveCount(0);
  } finally {
    await Promise.all([receiver.stop(), refusing.stop(), operator.dispose()]);
  }
});

test("issue 9: with no server of their own, a newcomer points an endpoint at the demo app's receiver and reads the deliveries in the log", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const operator = await operatorSession();
  try {
    const base = `/developers/apps/${await demoApplicationId(operator)}/webhooks`;
    await page.goto(base);
    await signInOnPage(page, developerCredentials());
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible({ timeout: 15_000 });

    // One click fills in the built-in receiver; it answers subscription.created, so the endpoint is saved.
    const form = page.getByRole("region", { name: "Add an endpoint" });
    await form.getByRole("button", { name: "Use the demo app's receiver" }).click();
    const receiverUrl = `${new URL(page.url()).origin}/demo/webhooks`;
    await expect(form.getByLabel("Endpoint URL")).toHaveValue(receiverUrl);
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("you will not see this again")).toBeVisible({ timeout: 10_000 });
    const card = page.getByRole("article", { name: receiverUrl });
    await expect(card.locator(".badge")).toHaveText("Active");

    // An event the application can see is delivered there, and the log says so.
    await approvedCustomer(request, operator);
    await page.goto(`${base}/deliveries?type=profile.updated`);
    const row = page.getByRole("row").filter({ hasText: receiverUrl }).first();
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText("Delivered", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await row.getByRole("link").first().click();
    await expect(page.locator(".payload")).toContainText('"state":');

    // Clean up: the shared demo application keeps no extra endpoint.
    await page.goto(base);
    await card.getByRole("button", { name: "Delete" }).click();
    await card.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(card).toHaveCount(0);
  } finally {
    await operator.dispose();
  }
});
