import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { clientCredentialsToken, server, V2 } from "../fixtures/api.ts";
import { LINK_MESSAGE } from "../fixtures/customer.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerHeadersOn, customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { redeemBody, type FundedCustomer, type Order } from "../fixtures/orders.ts";
import { startDemoInstance, stopServer, type DemoInstance } from "../fixtures/spawn-server.ts";
import { WebhookReceiver } from "../fixtures/webhook-receiver.ts";
import { EMBEDDED_ONLY } from "../fixtures/embedded-only.ts";

// The simulator changes instance-wide settings and the clock: these tests run on an instance of their own.
test.describe.configure({ mode: "serial" });

let target: DemoInstance;
let operator: APIRequestContext;
let customer: FundedCustomer;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  target = await startDemoInstance(await freePort(), {
    TOKENRAIL_SANDBOX_AUTO_APPROVE: "off",
    TOKENRAIL_SANDBOX_AUTO_PROCESS: "off",
    TOKENRAIL_IBAN_PROVISION_INTERVAL: "1",
  });
  operator = await operatorSession(target);
  customer = await customerWithIbanOn(request, target, operator);
});

test.afterAll(async () => {
  await operator?.dispose();
  if (target) await stopServer(target.server);
});

/** The simulator, reached as a visitor: sign-in first, then back to the page. */
async function openSimulator(page: Page): Promise<void> {
  await page.goto(`${target.appUrl}/sandbox`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsandbox$/);
  await page.getByLabel("Email").fill(server.demo.operatorEmail);
  await page.getByLabel("Password").fill(target.operatorPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${target.appUrl}/sandbox`);
  await expect(page.getByRole("heading", { name: "Sandbox simulator", level: 1 })).toBeVisible();
}

async function eurBalanceOn(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const res = await request.get(`${target.baseUrl}/balances/sepolia/${customer.account.address}`, { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { balances: { amount: string }[] }).balances[0]!.amount;
}

test(
  "issue 9: simulator payment appears as an issue order and a balance",
  EMBEDDED_ONLY,
  async ({ page, request }, testInfo) => {
    test.setTimeout(60_000);
    const own = await customerHeadersOn(request, target, customer);
    expect(await eurBalanceOn(request, own)).toBe("0.00");
    await openSimulator(page);
    const payment = page.getByRole("region", { name: "Send an incoming payment" });

    // Mistakes are named next to their fields, and nothing is paid.
    await payment.getByLabel("IBAN").fill("IS00 1234");
    await payment.getByLabel("Amount").fill("10.505");
    await payment.getByRole("button", { name: "Send payment" }).click();
    await expect(payment.locator("#payment-iban-error")).toHaveText("This is not a valid IBAN: check its digits");
    await expect(payment.locator("#payment-amount-error")).toHaveText("The amount must have at most two decimals");
    await expect(payment.getByLabel("IBAN")).toHaveAttribute("aria-invalid", "true");

    // The customer's IBAN, written as people do (groups of four).
    await payment.getByLabel("IBAN").fill(
      customer.iban
        .replace(/\s+/g, "")
        .replace(/(.{4})/g, "$1 ")
        .trim(),
    );
    await payment.getByLabel("Amount").fill("125.50");
    await payment.getByLabel("Memo (optional)").fill("Simulator top-up");
    await payment.getByRole("button", { name: "Send payment" }).click();
    const result = payment.getByRole("status");
    await expect(result.getByRole("heading", { name: "Issue order created" })).toBeVisible();
    await expect(result).toContainText("Processed");
    await expect(result).toContainText("125.50 EUR");
    await expect(result).toContainText(customer.account.address);
    const orderId = (await result.locator("dd code").first().textContent()) ?? "";
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(result).toContainText(`GET /api/orders/${orderId}`);
    // C61 / WCAG 2.2 with the result's order id, address and hash: axe at 1280 and 360 px, nothing runs off the side.
    await checkAccessibility(page, testInfo, "sandbox-simulator");

    // The customer's own token sees the issue order and the balance it minted.
    const order = await request.get(`${target.baseUrl}/orders/${orderId}`, { headers: own });
    expect(order.status()).toBe(200);
    expect(await order.json()).toMatchObject({
      id: orderId,
      kind: "issue",
      profile: customer.profile,
      address: customer.account.address,
      chain: "sepolia",
      currency: "eur",
      amount: "125.50",
      memo: "Simulator top-up",
      state: "processed",
    } satisfies Partial<Order>);
    const listed = await request.get(`${target.baseUrl}/orders?profile=${customer.profile}`, { headers: own });
    expect(((await listed.json()) as { orders: Order[] }).orders.map((o) => o.id)).toContain(orderId);
    expect(await eurBalanceOn(request, own)).toBe("125.50");
  },
);

test(
  "issue 9: switching auto-process on in the simulator processes a signed redeem order without the operator",
  EMBEDDED_ONLY,
  async ({ page, request }) => {
    test.setTimeout(60_000);
    const placedRes = await request.post(`${target.baseUrl}/orders`, {
      headers: customer.partner,
      data: await redeemBody(customer.account, "20"),
    });
    expect(placedRes.status(), await placedRes.text()).toBe(200);
    const { id } = (await placedRes.json()) as Order;
    const stateOf = async () =>
      ((await (await request.get(`${target.baseUrl}/orders/${id}`, { headers: customer.partner })).json()) as Order)
        .state;

    await openSimulator(page);
    const automations = page.getByRole("region", { name: "Automations" });
    const autoProcess = automations.getByRole("switch", { name: /Process signed redeem orders automatically/ });
    await expect(autoProcess).toHaveAttribute("aria-checked", "false");
    // Off (the instance started with it off): the order waits for an operator.
    await page.waitForTimeout(2_000);
    expect(await stateOf()).toBe("placed");

    await automations.getByLabel("Delay in seconds").nth(1).fill("1");
    await automations.getByRole("button", { name: "Save delay" }).nth(1).click();
    await expect(
      automations.getByText("Signed redeem orders are burned and paid out 1 s after signing."),
    ).toBeVisible();
    await autoProcess.click();
    await expect(autoProcess).toHaveAttribute("aria-checked", "true");
    await expect.poll(stateOf, { intervals: [500], timeout: 15_000 }).toBe("processed");

    // The switch is the sandbox's, not the page's: the API reports it on.
    const settings = await request.get(`${target.baseUrl}/sandbox/settings`, { headers: customer.partner });
    expect(((await settings.json()) as { autoProcess: unknown }).autoProcess).toEqual({
      enabled: true,
      delaySeconds: 1,
    });
  },
);

test(
  "issue 9: the simulator's clock makes an access token expire and a failing webhook's retry fall due sooner",
  EMBEDDED_ONLY,
  async ({ page, request }) => {
    test.setTimeout(60_000);
    const token = { authorization: `Bearer ${await clientCredentialsToken(request, target)}`, accept: V2 };
    expect((await request.get(`${target.baseUrl}/auth/context`, { headers: token })).status()).toBe(200);

    // A receiver that accepts the handshake and then fails every order event.
    const receiver = new WebhookReceiver();
    receiver.respond = (d) => (d.type === "subscription.created" ? 200 : 500);
    const url = await receiver.start();
    try {
      const subscribed = await request.post(`${target.baseUrl}/webhooks`, {
        headers: token,
        data: { url, secret: receiver.secret, types: ["order.created"] },
      });
      expect(subscribed.status(), await subscribed.text()).toBe(201);
      const subscription = ((await subscribed.json()) as { id: string }).id;
      const paid = await request.post(`${target.baseUrl}/sandbox/payments`, {
        headers: customer.partner,
        data: { iban: customer.iban, amount: "5" },
      });
      expect(paid.status()).toBe(201);
      type Delivery = {
        attempts: number;
        nextAttemptAt?: string;
        lastAttempt?: { number: number; at: string; responseStatus?: number };
      };
      let reader = token;
      const delivery = async () => {
        const res = await request.get(`${target.baseUrl}/webhooks/${subscription}/deliveries`, { headers: reader });
        expect(res.status()).toBe(200);
        return ((await res.json()) as { deliveries: Delivery[] }).deliveries[0];
      };
      // Two failed attempts (the second about 5 s after the first); the third is scheduled 24–30 s after that. The
      // count moves when an attempt starts, so the wait is for the second attempt's record, written once it is over.
      await expect
        .poll(async () => (await delivery())?.lastAttempt?.number, { intervals: [250], timeout: 20_000 })
        .toBe(2);
      const waiting = (await delivery())!;
      expect(waiting.lastAttempt?.responseStatus).toBe(500);
      const secondAt = Date.parse(waiting.lastAttempt!.at);
      expect(Date.parse(waiting.nextAttemptAt!) - secondAt).toBeGreaterThanOrEqual(23_000);

      await openSimulator(page);
      const clock = page.getByRole("region", { name: "Clock" });
      await expect(clock.getByTestId("clock-offset")).toHaveText("0 min");
      const before = Date.parse((await clock.getByTestId("sandbox-time").getAttribute("datetime")) ?? "");
      expect(Math.abs(before - Date.now())).toBeLessThan(5_000);
      await clock.getByRole("button", { name: "Move the clock forward +1 hour" }).click();
      await expect(clock.getByTestId("clock-offset")).toHaveText("1 h");
      const after = Date.parse((await clock.getByTestId("sandbox-time").getAttribute("datetime")) ?? "");
      expect(after - Date.now()).toBeGreaterThan(3_590_000);

      // An access token lives one hour: an hour on, it is refused.
      const refused = await request.get(`${target.baseUrl}/auth/context`, { headers: token });
      expect(refused.status()).toBe(401);
      expect(await refused.json()).toEqual({ code: 401, status: "Unauthorized", message: "Not authenticated" });

      // The retry is due at once, long before its scheduled wait would have passed in real time.
      const moved = Date.now();
      reader = { authorization: `Bearer ${await clientCredentialsToken(request, target)}`, accept: V2 };
      await expect
        .poll(async () => (await delivery())?.lastAttempt?.number, { intervals: [250], timeout: 8_000 })
        .toBe(3);
      expect(Date.now() - moved).toBeLessThan(10_000);
      const third = (await delivery())!.lastAttempt!;
      expect(Date.parse(third.at) - Date.now()).toBeGreaterThan(3_500_000);

      // A custom jump beyond 30 days is refused next to its field; the reset puts the clock back.
      await clock.getByLabel("How much").fill("30");
      await clock.getByLabel("Unit").selectOption("days");
      await clock.getByRole("button", { name: "Move forward" }).click();
      await expect(clock.locator("#clock-count-error")).toContainText("at most 30 days ahead");
      page.once("dialog", (dialog) => void dialog.accept());
      await clock.getByRole("button", { name: "Reset to real time" }).click();
      await expect(clock.getByTestId("clock-offset")).toHaveText("0 min");
      const fresh = { authorization: `Bearer ${await clientCredentialsToken(request, target)}`, accept: V2 };
      expect((await request.get(`${target.baseUrl}/auth/context`, { headers: fresh })).status()).toBe(200);
    } finally {
      await receiver.stop();
    }
  },
);

test(
  "issue 9: the simulator emits a Safe's SignMsg for its pending address link, which completes the link",
  EMBEDDED_ONLY,
  async ({ page, request }) => {
    test.setTimeout(60_000);
    const headers = customer.partner;
    const safe = privateKeyToAccount(generatePrivateKey()).address;
    const owner = privateKeyToAccount(generatePrivateKey()).address;
    const deployed = await request.post(`${target.baseUrl}/sandbox/chains/sepolia/smart-accounts`, {
      headers,
      data: { address: safe, owners: [owner], threshold: 1 },
    });
    expect(deployed.status()).toBe(201);
    const linking = await request.post(`${target.baseUrl}/addresses`, {
      headers,
      data: { profile: customer.profile, address: safe, chain: "sepolia", signature: "0x" },
    });
    expect(linking.status(), await linking.text()).toBe(202);
    expect((await request.get(`${target.baseUrl}/addresses/${safe}`, { headers })).status()).toBe(404);

    await openSimulator(page);
    const signer = page.getByRole("region", { name: "Sign with a Safe on chain" });
    await signer.getByLabel("Safe address").fill("0x1234");
    await signer.getByRole("button", { name: "Show pending signatures" }).click();
    await expect(signer.locator("#safe-address-error")).toHaveText("An address is 0x and 40 hexadecimal characters");
    await signer.getByLabel("Chain").selectOption("sepolia");
    await signer.getByLabel("Safe address").fill(safe);
    await signer.getByRole("button", { name: "Show pending signatures" }).click();
    const pending = signer.getByRole("table", { name: "Pending signatures of this Safe" });
    await expect(pending.getByRole("row")).toHaveCount(2);
    await expect(pending).toContainText("Link address");
    await expect(pending).toContainText(LINK_MESSAGE);
    await pending.getByRole("button", { name: "Emit SignMsg" }).click();
    await expect(signer.getByRole("status")).toContainText("Address links completed: 1. Orders signed: 0.");
    await expect(signer.getByText("This Safe has nothing pending to sign.")).toBeVisible();

    const linked = await request.get(`${target.baseUrl}/addresses/${safe}`, { headers });
    expect(linked.status()).toBe(200);
    expect(await linked.json()).toEqual({ profile: customer.profile, address: safe, chains: ["sepolia"] });
  },
);
