import { expect, test, type APIRequestContext } from "@playwright/test";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { signInAsOperator } from "../fixtures/operator-page.ts";
import { redeemBody, type Order } from "../fixtures/orders.ts";
import { ISO20022_BANK } from "../fixtures/production-instance.ts";
import { startDemoInstance, stopServer, type DemoInstance } from "../fixtures/spawn-server.ts";

/*
 * A redeem paid out by IBAN is burned when it is processed, then waits for its payment file to be released (an
 * operator's act where releases are not automatic, as in production). The console's order queue says so, links to
 * the payment files, and does not take the wait for a chain that is stuck, however long it lasts. Here the sandbox
 * plays an ISO 20022 bank whose payouts wait for a payment run: none runs, so the payout waits.
 */

let target: DemoInstance | undefined;
let operator: APIRequestContext | undefined;

test.afterAll(async () => {
  await operator?.dispose();
  if (target) await stopServer(target.server);
});

test("issue 24: a burned redeem waiting for its payment file's release is marked so in the console, never stuck on chain", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  target = await startDemoInstance(await freePort(), {
    ...ISO20022_BANK,
    TOKENRAIL_BANK_AUTO_RELEASE: "false",
    TOKENRAIL_BANK_PAYMENT_RUN_INTERVAL: "0",
    TOKENRAIL_SANDBOX_AUTO_PROCESS: "off",
    TOKENRAIL_IBAN_PROVISION_INTERVAL: "1",
  });
  operator = await operatorSession(target);
  const customer = await customerWithIbanOn(request, target, operator);
  const headers = customer.partner;
  const paid = await request.post(`${target.baseUrl}/sandbox/payments`, {
    headers,
    data: { iban: customer.iban, amount: "10" },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const placed = await request.post(`${target.baseUrl}/orders`, {
    headers,
    data: await redeemBody(customer.account, "4"),
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const redeem = (await placed.json()) as Order;
  const processed = await operator.post(`/api/admin/orders/${redeem.id}/process`);
  expect(processed.status(), await processed.text()).toBe(200);
  expect(((await processed.json()) as Order).state).toBe("pending");

  await signInAsOperator(page, `/operator/orders?filter=open&profile=${customer.profile}`, target);
  const row = page.getByRole("row", { name: `Order ${redeem.id}` });
  const waiting = row.getByRole("link", { name: "burned; payout awaits its payment file's release" });
  await expect(waiting).toBeVisible();
  await expect(row).not.toContainText("stuck on chain");

  // An hour on, it still waits for the release, not for its chain.
  await page.goto(`${target.appUrl}/sandbox`);
  const clock = page.getByRole("region", { name: "Clock" });
  await clock.getByRole("button", { name: "Move the clock forward +1 hour" }).click();
  await expect(clock.getByTestId("clock-offset")).toHaveText("1 h");
  await page.goto(`${target.appUrl}/operator/orders?filter=open&profile=${customer.profile}`);
  await expect(waiting).toBeVisible();
  await expect(row).not.toContainText("stuck on chain");
  const queue = await operator.get("/api/admin/orders");
  const listed = ((await queue.json()) as { orders: (Order & { stuck: boolean; awaitingRelease: boolean })[] }).orders;
  expect(listed.find((o) => o.id === redeem.id)).toMatchObject({
    state: "pending",
    awaitingRelease: true,
    stuck: false,
  });

  // The link leads to the payment files, where the release is made.
  await waiting.click();
  await expect(page).toHaveURL(/\/operator\/bank\/payments$/);
});
