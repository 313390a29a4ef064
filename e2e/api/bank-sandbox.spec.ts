import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api, jsonOf } from "../fixtures/api.ts";
import { customerHeaders } from "../fixtures/customer.ts";
import { allMail, waitForMail } from "../fixtures/mailbox.ts";
import { approvedCustomer } from "../fixtures/approved-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import {
  eurBalance,
  expectRefused,
  fundedCustomer,
  invalid,
  ledgerConsistent,
  payIn,
  placed,
  redeemBody,
  settle,
  type Order,
} from "../fixtures/orders.ts";
import { freePort } from "../fixtures/free-port.ts";
import { ISO20022_BANK } from "../fixtures/production-instance.ts";
import { startDemoInstance, stopServer } from "../fixtures/spawn-server.ts";
import { generateCamt054, syntheticCredits } from "../../server/bank/iso20022/testing/generate-camt054.ts";
import { EMBEDDED_ONLY } from "../fixtures/embedded-only.ts";

/*
 * The sandbox bank on the production path, through HTTP on a built app: a payment in is a camt.054 the importer
 * imports, a processed redeem's payment file is delivered to the sandbox bank, which answers with a pain.002 and a
 * debit; the simulator returns the payout and the tokens come back once (C50). A second instance on an iso20022 bank
 * with folders shows the inbox job importing a bank's file and refusing a bad one, validated against the shipped
 * schemas.
 */

type Payout = {
  order: string;
  endToEndId: string;
  amount: string;
  currency: string;
  state: string;
  reasonCode: string | null;
  reissueOrder: string | null;
};

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

test("C50: a redeem's payout is accepted and debited by the sandbox bank; returned, its tokens are re-issued once; the customer is mailed each step", async ({
  request,
}) => {
  const customer = await fundedCustomer(request, operator, "0");
  // Approved: the person is told.
  const approved = await waitForMail({ to: customer.email, subject: /Your account is approved/ });
  expect(approved.text).toContain("Your identity check (KYC) is approved");
  expect((await payIn(request, customer, "100", { memo: "Top-up for the bank rail" })).state).toBe("processed");
  // The IBAN was requested with payment mail on (the SDK's default): the payment is announced.
  const received = await waitForMail({ to: customer.email, subject: /^You received 100\.00 EUR$/ });
  expect(received.text).toContain("The payment's reference: Top-up for the bank rail");
  expect(received.text).toContain(customer.account.address);
  const redeem = await placed(request, customer.partner, await redeemBody(customer.account, "40"));
  const processed = await settle(request, customer.partner, redeem.id);
  expect(processed.status(), await processed.text()).toBe(200);
  expect(await eurBalance(request, customer)).toBe("60.00");

  const payoutUrl = api(`/sandbox/orders/${redeem.id}/payout`);
  let payout: Payout | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(payoutUrl, { headers: customer.partner });
        payout = (await res.json()) as Payout;
        return payout.state;
      },
      { intervals: [200], timeout: 15_000 },
    )
    .toBe("debited");
  expect(payout).toEqual({
    order: redeem.id,
    endToEndId: redeem.id.replaceAll("-", ""),
    amount: "40.00",
    currency: "eur",
    state: "debited",
    reasonCode: null,
    reissueOrder: null,
  });
  const sent = await waitForMail({ to: customer.email, subject: /^40\.00 EUR is on its way$/ });
  expect(sent.text).toContain("The bank sent your payout of 40.00 EUR");

  // Another application's customer does not see it, nor can it act on it.
  const other = await fundedCustomer(request, operator, "0");
  const theirs = await customerHeaders(request, other.account);
  const notFound = { code: 404, status: "Not Found", message: "Order not found" };
  await expectRefused(await request.get(payoutUrl, { headers: theirs }), 404, notFound);
  await expectRefused(await request.post(`${payoutUrl}/return`, { headers: theirs, data: {} }), 404, notFound);

  // Debited: the money left, so the bank can no longer reject it; a reason that is not a code is refused.
  const late = await request.post(`${payoutUrl}/reject`, { headers: customer.partner, data: {} });
  expect(late.status()).toBe(409);
  const bad = await request.post(`${payoutUrl}/return`, { headers: customer.partner, data: { reason: "closed" } });
  expect(bad.status()).toBe(400);
  expect(await jsonOf(bad)).toMatchObject(invalid({ reason: expect.any(String) }));

  const returned = await request.post(`${payoutUrl}/return`, { headers: customer.partner, data: {} });
  expect(returned.status(), await returned.text()).toBe(200);
  const back = (await returned.json()) as Payout;
  expect(back).toMatchObject({ state: "returned", reasonCode: "AC04", reissueOrder: expect.any(String) });
  const cameBack = await waitForMail({ to: customer.email, subject: /^Your payout of 40\.00 EUR came back$/ });
  expect(cameBack.text).toContain("(reason AC04)");
  // Returned again: nothing more.
  const again = await request.post(`${payoutUrl}/return`, { headers: customer.partner, data: { reason: "MD07" } });
  expect(((await again.json()) as Payout).reissueOrder).toBe(back.reissueOrder);

  await expect
    .poll(
      async () => {
        const res = await request.get(api(`/orders/${back.reissueOrder}`), { headers: customer.partner });
        return ((await res.json()) as Order).state;
      },
      { intervals: [200], timeout: 15_000 },
    )
    .toBe("processed");
  const reissue = (await (
    await request.get(api(`/orders/${back.reissueOrder}`), { headers: customer.partner })
  ).json()) as Order;
  expect(reissue).toMatchObject({ kind: "issue", amount: "40.00", address: customer.account.address });
  expect(await eurBalance(request, customer)).toBe("100.00");
  expect(await ledgerConsistent(operator)).toBe(true);

  // An issue order has no payout.
  const issue = await payIn(request, customer, "1");
  // Each step was mailed once.
  const subjects = (await allMail(customer.email)).map((m) => m.subject);
  expect(subjects.filter((subject) => /is on its way|came back|received 100/.test(subject))).toHaveLength(3);
  await expectRefused(
    await request.get(api(`/sandbox/orders/${issue.id}/payout`), { headers: customer.partner }),
    404,
    { code: 404, status: "Not Found", message: "This order has no payout to an IBAN" },
  );
});

test("a payment to an IBAN requested with emailNotifications false is minted without a mail", async ({ request }) => {
  const customer = { ...(await approvedCustomer(request, operator)), iban: "" };
  const asked = await request.post(api("/ibans"), {
    headers: customer.partner,
    data: { address: customer.account.address, chain: "sepolia", emailNotifications: false },
  });
  expect(asked.status()).toBe(202);
  await expect
    .poll(
      async () => {
        const res = await request.get(api(`/ibans?profile=${customer.profile}`), { headers: customer.partner });
        const [iban] = ((await res.json()) as { ibans: { iban: string; emailNotifications: boolean }[] }).ibans;
        customer.iban = iban?.iban ?? "";
        return iban && { provisioned: iban.iban !== "", emailNotifications: iban.emailNotifications };
      },
      { intervals: [200], timeout: 15_000 },
    )
    .toEqual({ provisioned: true, emailNotifications: false });
  expect((await payIn(request, customer, "5")).state).toBe("processed");
  // Mail queued with the payment would have left within this time (it does for the IBANs that want it).
  await waitForMail({ to: customer.email, subject: /Your account is approved/ });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const subjects = (await allMail(customer.email)).map((m) => m.subject);
  expect(subjects).toContain("Your account is approved");
  expect(subjects.filter((subject) => subject.startsWith("You received"))).toEqual([]);
});

test(
  "an iso20022 bank's inbox folder: a notification is imported and archived, a bad file refused with its reason",
  EMBEDDED_ONLY,
  async () => {
    test.setTimeout(90_000);
    const instance = await startDemoInstance(await freePort(), {
      ...ISO20022_BANK,
      TOKENRAIL_BANK_POLL_INTERVAL: "1",
    });
    try {
      const inbox = path.join(instance.server.dataDir, "bank", "inbox");
      fs.mkdirSync(inbox, { recursive: true });
      const [credit] = syntheticCredits(1);
      const camt = generateCamt054({
        messageId: "E2E-INBOX-1",
        createdAt: "2026-11-26T09:00:00Z",
        accountIban: ISO20022_BANK.TOKENRAIL_BANK_ACCOUNT_IBAN,
        credits: [credit!],
      });
      // Written under a hidden name and renamed, as a bank's client does.
      fs.writeFileSync(path.join(inbox, ".camt054-0001.xml.part"), camt);
      fs.renameSync(path.join(inbox, ".camt054-0001.xml.part"), path.join(inbox, "camt054-0001.xml"));
      fs.writeFileSync(path.join(inbox, "camt054-0002.xml"), '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x/>');

      const processed = path.join(inbox, "processed", "camt054-0001.xml");
      const refused = path.join(inbox, "refused", "camt054-0002.xml.reason.txt");
      await expect.poll(() => fs.existsSync(processed) && fs.existsSync(refused), { timeout: 30_000 }).toBe(true);
      expect(fs.readFileSync(processed)).toEqual(Buffer.from(camt));
      expect(fs.readFileSync(refused, "utf8")).toContain("DOCTYPE");
      expect(fs.readdirSync(inbox).sort()).toEqual(["processed", "refused"]);
    } finally {
      await stopServer(instance.server);
    }
  },
);
