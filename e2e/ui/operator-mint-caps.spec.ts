import { operatorCopy } from "../../components/copy/operator.ts";
import { expect, test, type APIRequestContext, type APIResponse } from "../fixtures/contract-test.ts";
import { server } from "../fixtures/api.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession, roleOperatorSession } from "../fixtures/operator.ts";
import type { FundedCustomer, Order } from "../fixtures/orders.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startDemoInstance, stopServer, type DemoInstance } from "../fixtures/spawn-server.ts";

/*
 * C69 through the front door: a sandbox whose mints of euro are capped at 100.00 each. A payment of 500.00 becomes
 * an issue order that stays pending, its mint held; the first operator asks for its release on the console's Supply
 * page, a second (a treasurer) approves it, and the order is processed, minted once.
 */
test.describe.configure({ mode: "serial" });

let target: DemoInstance;
let dropDatabase: (() => Promise<void>) | undefined;
let customer: FundedCustomer;
let first: APIRequestContext;
let treasurer: APIRequestContext;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const database = await scratchDatabase("mint_caps");
  dropDatabase = database?.drop;
  target = await startDemoInstance(await freePort(), {
    ...database?.env,
    TOKENRAIL_MINT_CAP_EUR: "100",
    TOKENRAIL_SANDBOX_AUTO_APPROVE: "off",
    TOKENRAIL_IBAN_PROVISION_INTERVAL: "1",
  });
  first = await operatorSession(target);
  treasurer = await roleOperatorSession("treasurer", target);
  customer = await customerWithIbanOn(request, target, first);
});

test.afterAll(async () => {
  await Promise.all([first, treasurer].map((c) => c?.dispose()));
  if (target) await stopServer(target.server);
  await dropDatabase?.();
});

async function json<T>(res: APIResponse, status: number): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

test("C69 a mint over the per-mint cap waits on the Supply page and is minted once after a second operator approves", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const pay = (amount: string) =>
    request.post(`${target.baseUrl}/sandbox/payments`, {
      headers: customer.partner,
      data: { iban: customer.iban, amount },
    });
  const small = await json<Order>(await pay("100.00"), 201);
  expect(small.state).toBe("processed");
  const large = await json<Order>(await pay("500.00"), 201);
  // Held at the cap: the order is pending, as the spec has an order whose tokens are not minted yet.
  expect(large.state).toBe("pending");
  expect(large.meta.txHashes ?? []).toEqual([]);

  // In the order queue it waits for its release, not for its chain: eleven minutes on, it is still not stuck.
  type Queued = { id: string; mintHeld: boolean; stuck: boolean };
  const queue = await json<{ orders: Queued[] }>(
    await first.get("/api/admin/orders?state=pending", { headers: { "tokenrail-test-clock-offset": String(11 * 60) } }),
    200,
  );
  expect(queue.orders.find((o) => o.id === large.id)).toMatchObject({ mintHeld: true, stuck: false });

  const text = operatorCopy.supply;
  await page.goto(`${target.appUrl}/sign-in?next=${encodeURIComponent("/operator/supply")}`);
  await page.getByLabel("Email").fill(server.demo.operatorEmail);
  await page.getByLabel("Password").fill(target.operatorPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${target.appUrl}/operator/supply`);
  const row = page.locator(`tr[data-order="${large.id}"]`);
  await expect(row).toContainText("500.00 EUR");
  await row.getByRole("button", { name: text.askRelease }).click();
  // The page is drawn again: the mint now waits for a second operator, and offers no button.
  await expect(row).toContainText(text.awaiting);
  await expect(row.getByRole("button")).toHaveCount(0);

  const { approvals } = await json<{ approvals: { id: string; action: string; subject: { id: string } }[] }>(
    await treasurer.get("/api/admin/approvals"),
    200,
  );
  const release = approvals.find((a) => a.action === "mint.release" && a.subject.id === large.id);
  expect(release).toBeDefined();
  // Whoever asked cannot approve; the second operator can, once.
  expect((await first.post(`/api/admin/approvals/${release!.id}`, { data: { decision: "approve" } })).status()).toBe(
    403,
  );
  await json(await treasurer.post(`/api/admin/approvals/${release!.id}`, { data: { decision: "approve" } }), 200);
  expect(
    (await treasurer.post(`/api/admin/approvals/${release!.id}`, { data: { decision: "approve" } })).status(),
  ).toBe(409);

  const after = await json<Order>(
    await request.get(`${target.baseUrl}/orders/${large.id}`, { headers: customer.partner }),
    200,
  );
  expect(after.state).toBe("processed");
  expect(after.meta.txHashes).toHaveLength(1);
  await page.reload();
  await expect(row).toHaveCount(0);
});
