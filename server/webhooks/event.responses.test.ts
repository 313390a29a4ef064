import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { registerApplication } from "../applications/register-application.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import type { EventType } from "../events/event-types.ts";
import generated from "../contract/openapi.generated.json" with { type: "json" };
import { provisionRequestedIbans } from "../ibans/provision-ibans.ts";
import { requestIban } from "../ibans/request-iban.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import { issueClientCredentialsToken } from "../oauth/issue-client-credentials-token.ts";
import { receiveIncomingPayment } from "../orders/receive-payment.ts";
import { settleProfileState } from "../profiles/settle-profile-state.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { tearDownDrivers } from "../testing/tear-down-drivers.ts";
import { deliverDueWebhooks } from "./deliver.ts";
import { eventEnvelopeSchema, subscriptionCreatedSchema } from "./event.responses.ts";
import { fanOutEvents } from "./fan-out.ts";
import { createSubscription } from "./manage-subscriptions.ts";

// Real events through the code paths that record them, delivered to a real receiver: every body must match the
// schema the OpenAPI document's `webhooks` section shows for its type, and carry a valid Standard Webhooks signature.
await setUpTestInstance("event_payloads");

type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    res.writeHead(204).end();
  });
});
let url = "";
before(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
after(() => receiver.close());

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, validateSchema: false }));
ajv.addSchema(generated, "openapi.json");

/** The schema the document gives a delivery of `type` (its `$ref`s into the components resolved), as a check. */
function documentedSchema(type: string): {
  safeParse(value: unknown): { success: boolean; error?: { message: string } };
} {
  const webhooks = (generated as unknown as { webhooks: Record<string, unknown> }).webhooks;
  assert.ok(webhooks[type], `the document has no webhook ${type}`);
  const pointer = `#/webhooks/${type}/post/requestBody/content/application~1json/schema`;
  const validate = ajv.compile({ $ref: `openapi.json${pointer}` });
  return {
    safeParse: (value) =>
      validate(value) ? { success: true } : { success: false, error: { message: ajv.errorsText(validate.errors) } },
  };
}

describe("issue 18: webhook payloads match the document", () => {
  // The payment's mint drives the chain queue under this process's lock connection: closed before the database goes.
  after(tearDownDrivers);

  it("each event the code records arrives signed, in the shape the webhooks section documents", async () => {
    const config = getConfig();
    const prisma = await db();
    const stamp = randomBytes(4).toString("hex");
    const owner = await prisma.user.create({ data: { email: `payloads-${stamp}@example.com` } });
    const profile = await prisma.profile.create({
      data: { kind: "corporate", name: `Payloads ${stamp}`, state: "approved" },
    });
    const app = await registerApplication({
      name: `Payloads ${stamp}`,
      environment: "sandbox",
      profileId: profile.id,
      ownerId: owner.id,
      redirectUris: [],
    });
    const issued = await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret });
    const caller = await authenticateBearer(`Bearer ${issued.access_token}`);
    const secret = `whsec_${randomBytes(32).toString("base64")}`;
    await createSubscription({
      caller,
      request: { url, secret, types: ["iban.updated", "order.created", "order.updated", "profile.updated"] },
      config,
    });

    // iban.updated: a requested IBAN provisioned; order.created and .updated: a payment into it.
    const address = `0x${randomBytes(20).toString("hex")}`;
    await prisma.address.create({
      data: { profileId: profile.id, address, addressKey: address, chain: "sepolia", linkedAt: new Date() },
    });
    await requestIban({ caller, request: { address, chain: "sepolia", emailNotifications: true }, config });
    const [iban] = await provisionRequestedIbans({ settings: config.ibans });
    assert.ok(iban, "no IBAN was provisioned");
    await receiveIncomingPayment({
      payment: {
        iban,
        amountMinor: 12_345n,
        currency: "eur",
        memo: "Payload test",
        debtor: { name: "Payer", iban: "DE89370400440532013000" },
        bankReference: `PAYLOADS-${randomUUID()}`,
      },
      config,
    });
    // profile.updated: the profile blocked.
    await prisma.$transaction((tx) =>
      settleProfileState(tx, { profileId: profile.id, now: new Date(), blocked: true }),
    );

    await fanOutEvents();
    await deliverDueWebhooks({ config });

    const verifier = new Webhook(secret.slice("whsec_".length));
    const types = new Set<string>();
    for (const r of received) {
      const verified = verifier.verify(r.body, {
        "webhook-id": String(r.headers["webhook-id"]),
        "webhook-timestamp": String(r.headers["webhook-timestamp"]),
        "webhook-signature": String(r.headers["webhook-signature"]),
      }) as { type: string };
      types.add(verified.type);
      const documented = documentedSchema(verified.type).safeParse(verified);
      assert.ok(documented.success, `${verified.type}: ${r.body}\n${documented.error?.message}`);
      const own =
        verified.type === "subscription.created"
          ? subscriptionCreatedSchema
          : eventEnvelopeSchema(verified.type as EventType);
      assert.ok(own.safeParse(verified).success, `${verified.type} does not match its zod schema: ${r.body}`);
    }
    assert.deepEqual([...types].sort(), [
      "iban.updated",
      "order.created",
      "order.updated",
      "profile.updated",
      "subscription.created",
    ]);
  });

  it("a payload that strays from the document is refused by the documented schema", () => {
    const body = { type: "profile.updated", timestamp: "2026-11-25T09:30:00.000Z", data: { id: randomUUID() } };
    assert.equal(documentedSchema("profile.updated").safeParse(body).success, false);
  });
});
