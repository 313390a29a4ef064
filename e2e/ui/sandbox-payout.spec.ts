import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { server } from "../fixtures/api.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { redeemBody, type FundedCustomer, type Order } from "../fixtures/orders.ts";
import { ISO20022_BANK } from "../fixtures/production-instance.ts";
import { startDemoInstance, stopServer, type DemoInstance } from "../fixtures/spawn-server.ts";
import { debitOf, readPaymentFile } from "../../server/bank/sandbox/sandbox-bank.ts";
import { writeCamt054 } from "../../server/bank/sandbox/sandbox-bank-files.ts";
import { EMBEDDED_ONLY } from "../fixtures/embedded-only.ts";

/*
 * A sandbox whose bank is an iso20022 bank with folders: payment files are released at once and delivered to the
 * outbox folder, and nothing answers them but what the test puts in the inbox. So a payout stays released until the
 * simulator's bank rejects it from the console, or until a debit notification is dropped in the inbox; then the
 * console returns it. Both give the tokens back once (C50).
 */
test.describe.configure({ mode: "serial" });

let target: DemoInstance;
let operator: APIRequestContext;
let customer: FundedCustomer;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  target = await startDemoInstance(await freePort(), {
    ...ISO20022_BANK,
    TOKENRAIL_BANK_AUTO_RELEASE: "true",
    TOKENRAIL_BANK_PAYMENT_RUN_INTERVAL: "0",
    TOKENRAIL_BANK_POLL_INTERVAL: "1",
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

async function openSimulator(page: Page): Promise<void> {
  await page.goto(`${target.appUrl}/sandbox`);
  await page.getByLabel("Email").fill(server.demo.operatorEmail);
  await page.getByLabel("Password").fill(target.operatorPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Reject or return a payout" })).toBeVisible();
}

/** A processed redeem to an IBAN; its payment file lands in the outbox folder. */
async function processedRedeem(request: APIRequestContext, amount: string): Promise<Order> {
  const headers = customer.partner;
  const pay = await request.post(`${target.baseUrl}/sandbox/payments`, {
    headers,
    data: { iban: customer.iban, amount },
  });
  expect(pay.status(), await pay.text()).toBe(201);
  const placed = await request.post(`${target.baseUrl}/orders`, {
    headers,
    data: await redeemBody(customer.account, amount),
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = (await placed.json()) as Order;
  const processed = await request.post(`${target.baseUrl}/sandbox/orders/${order.id}/process`, { headers });
  expect(processed.status(), await processed.text()).toBe(200);
  return order;
}

async function payoutState(request: APIRequestContext, orderId: string): Promise<{ state: string }> {
  const res = await request.get(`${target.baseUrl}/sandbox/orders/${orderId}/payout`, { headers: customer.partner });
  expect(res.status()).toBe(200);
  return (await res.json()) as { state: string };
}

/** The payment file that carries the order's payout, as the bank's client would take it from the outbox. */
async function deliveredPaymentFile(orderId: string): Promise<Uint8Array> {
  const outbox = path.join(target.server.dataDir, "bank", "outbox");
  const endToEndId = orderId.replaceAll("-", "");
  let found: Uint8Array | undefined;
  await expect
    .poll(
      () => {
        for (const name of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
          if (name.startsWith(".")) continue;
          const bytes = fs.readFileSync(path.join(outbox, name));
          if (readPaymentFile(bytes).payments.some((p) => p.endToEndId === endToEndId)) found = bytes;
        }
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

async function refuse(page: Page, orderId: string, button: "Reject payout" | "Return payout", reason: string) {
  const card = page.getByRole("region", { name: "Reject or return a payout" });
  await card.getByLabel("Redeem order id").fill(orderId);
  await card.getByLabel("Reason code").fill(reason);
  await card.getByRole("button", { name: button }).click();
  return card;
}

test(
  "C50: the console's bank rejects a payout before its debit and returns one after it; tokens come back once",
  EMBEDDED_ONLY,
  async ({ page, request }) => {
    await openSimulator(page);

    // Delivered to the outbox folder; no bank answers it, so it stays released.
    const rejected = await processedRedeem(request, "12.00");
    await deliveredPaymentFile(rejected.id);
    expect((await payoutState(request, rejected.id)).state).toBe("released");
    // Not debited: it cannot come back yet.
    let card = await refuse(page, rejected.id, "Return payout", "AC04");
    await expect(card.getByRole("alert")).toContainText("only a payout the bank has debited can come back");
    card = await refuse(page, rejected.id, "Reject payout", "AC01");
    const result = card.getByRole("status");
    await expect(result).toContainText("rejected");
    await expect(result).toContainText("AC01");
    expect((await payoutState(request, rejected.id)).state).toBe("rejected");

    // The bank's debit notification arrives in the inbox: the payout is debited, then returned from the console.
    const returned = await processedRedeem(request, "7.50");
    const paymentFile = readPaymentFile(await deliveredPaymentFile(returned.id));
    const payment = paymentFile.payments.find((p) => p.endToEndId === returned.id.replaceAll("-", ""))!;
    const inbox = path.join(target.server.dataDir, "bank", "inbox");
    fs.mkdirSync(inbox, { recursive: true });
    const debit = writeCamt054({
      messageId: `E2E-DEBIT-${returned.id.slice(0, 8)}`,
      createdAt: new Date(),
      account: {
        iban: ISO20022_BANK.TOKENRAIL_BANK_ACCOUNT_IBAN,
        bic: ISO20022_BANK.TOKENRAIL_BANK_ACCOUNT_BIC,
        holder: ISO20022_BANK.TOKENRAIL_BANK_ACCOUNT_HOLDER,
      },
      entries: [debitOf(payment)],
    });
    fs.writeFileSync(path.join(inbox, ".debit.part"), debit);
    fs.renameSync(path.join(inbox, ".debit.part"), path.join(inbox, "camt054-debit.xml"));
    await expect.poll(async () => (await payoutState(request, returned.id)).state, { timeout: 15_000 }).toBe("debited");
    card = await refuse(page, returned.id, "Reject payout", "AC04");
    await expect(card.getByRole("alert")).toContainText("can only return it");
    card = await refuse(page, returned.id, "Return payout", "MD07");
    await expect(card.getByRole("status")).toContainText("returned");
    await expect(card.getByRole("status")).toContainText("MD07");

    // The bank's statement of the day: every booking recognised, its closing balance compared with the ledger.
    await card.getByRole("button", { name: "Send today's statement" }).click();
    await expect(card.getByText(/^Statement sent with \d+ bookings\./)).toBeVisible();

    // Both redeems' tokens are back: 12.00 + 7.50 paid in, both redeemed, both given back.
    await expect
      .poll(
        async () => {
          const res = await request.get(`${target.baseUrl}/balances/sepolia/${customer.account.address}`, {
            headers: customer.partner,
          });
          return ((await res.json()) as { balances: { amount: string }[] }).balances[0]?.amount;
        },
        { timeout: 15_000 },
      )
      .toBe("19.50");
  },
);
