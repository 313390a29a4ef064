import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures/contract-test.ts";
import { clientCredentialsToken, V2 } from "../fixtures/api.ts";
import { EMBEDDED_ONLY } from "../fixtures/embedded-only.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { V4_PERSONAL_DETAILS } from "../fixtures/kyc.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { PAYEE, redeemBody } from "../fixtures/orders.ts";
import { startDemoInstance, stopServer } from "../fixtures/spawn-server.ts";
import { WebhookReceiver } from "../fixtures/webhook-receiver.ts";

/*
 * C70: a copy of everything an instance keeps (its database's files and its file store, as a backup or a stolen disk
 * would hold them) shows none of a customer's personal data, after the customer went through every path that
 * stores some: sign-up, KYC details and documents, an IBAN, a payment in from a named payer, a redeem order to a named
 * payee with a memo, the webhooks and mail all of that sends. The API still answers with every value.
 */

/** Files under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

/** Where each value appears in the files under `dir`, as `value: file`. */
function plainTextIn(dir: string, values: string[]): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    const bytes = fs.readFileSync(file);
    for (const value of values) {
      if (bytes.includes(Buffer.from(value, "utf8"))) found.push(`${value}: ${path.relative(dir, file)}`);
    }
  }
  return found;
}

test(
  "C70 a copy of an instance's database files and file store shows none of a customer's personal data in plain text",
  EMBEDDED_ONLY,
  async ({ request }) => {
    test.setTimeout(180_000);
    const instance = await startDemoInstance(await freePort());
    const receiver = new WebhookReceiver();
    let stopped = false;
    try {
      const operator = await operatorSession(instance);
      const partner = { authorization: `Bearer ${await clientCredentialsToken(request, instance)}`, accept: V2 };
      const subscribed = await request.post(`${instance.baseUrl}/webhooks`, {
        headers: partner,
        data: {
          url: await receiver.start(),
          secret: receiver.secret,
          types: ["profile.updated", "iban.updated", "order.created", "order.updated"],
        },
      });
      expect(subscribed.status(), await subscribed.text()).toBe(201);

      const customer = await customerWithIbanOn(request, instance, operator);
      const paid = await request.post(`${instance.baseUrl}/sandbox/payments`, {
        headers: customer.partner,
        data: {
          iban: customer.iban,
          amount: "50",
          memo: "Rent Rosenweg Apartment",
          debtor: { name: "Ottilie Quellenberg", iban: "DE89370400440532013000" },
        },
      });
      expect(paid.status(), await paid.text()).toBe(201);
      const order = await request.post(`${instance.baseUrl}/orders`, {
        headers: customer.partner,
        data: await redeemBody(customer.account, "12.5"),
      });
      expect(order.status(), await order.text()).toBe(200);
      await operator.dispose();

      // What the customer gave, every value long enough not to turn up in random bytes by chance.
      const personal = V4_PERSONAL_DETAILS.personal;
      const values = [
        customer.email,
        `${personal.firstName} ${personal.lastName}`,
        personal.idDocument.number,
        personal.address,
        personal.birthday,
        personal.phone,
        personal.email,
        // The customer's IBAN: its own record, the credit and the bank entry naming it, and the mail telling of it.
        customer.iban.replace(/\s/g, ""),
        "Ottilie Quellenberg",
        "Rent Rosenweg Apartment",
        `${PAYEE.details.firstName} ${PAYEE.details.lastName}`,
        PAYEE.identifier.iban,
        "Invoice 2026-114",
      ];

      // The API and the webhooks still carry them.
      const orders = await request.get(`${instance.baseUrl}/orders?profile=${customer.profile}`, {
        headers: customer.partner,
      });
      const ordersText = await orders.text();
      expect(ordersText).toContain(PAYEE.identifier.iban);
      expect(ordersText).toContain("Invoice 2026-114");
      await expect
        .poll(() => receiver.deliveries.map((d) => d.body).join("\n"), { timeout: 30_000 })
        .toContain("Invoice 2026-114");

      // Stopped, so every page the database holds is on disk.
      await stopServer(instance.server, { keepData: true });
      stopped = true;
      expect(plainTextIn(instance.server.dataDir, values)).toEqual([]);
    } finally {
      await receiver.stop();
      if (!stopped) await stopServer(instance.server);
      fs.rmSync(instance.server.dataDir, { recursive: true, force: true });
    }
  },
);
