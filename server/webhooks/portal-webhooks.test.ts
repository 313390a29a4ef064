import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { registerApplication } from "../applications/register-application.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { isAppError } from "../errors.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import type { Caller } from "../oauth/caller.ts";
import { issueClientCredentialsToken } from "../oauth/issue-client-credentials-token.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { applicationDelivery } from "./application-delivery.ts";
import { createSubscriptionWithSecret } from "./create-subscription-with-secret.ts";
import { deliveryLogFilter, listApplicationDeliveries } from "./list-application-deliveries.ts";
import { parseWebhookSecret } from "./secret.ts";

// The developer portal's webhook use cases: a secret made by Tokenrail, and the log across an application's endpoints.
await setUpTestInstance("portal_webhooks");

const bodies: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let status = 200;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    bodies.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    res.writeHead(status).end();
  });
});
let url = "";
before(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
after(() => receiver.close());

async function application(): Promise<Caller> {
  const prisma = await db();
  const stamp = randomBytes(4).toString("hex");
  const owner = await prisma.user.create({ data: { email: `portal-${stamp}@example.com` } });
  const profile = await prisma.profile.create({ data: { kind: "corporate", name: `Portal ${stamp}` } });
  const app = await registerApplication({
    name: `Portal ${stamp}`,
    environment: "sandbox",
    profileId: profile.id,
    ownerId: owner.id,
    redirectUris: [],
  });
  const issued = await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret });
  return authenticateBearer(`Bearer ${issued.access_token}`);
}

/** Writes `count` deliveries of `type` for a subscription, one second apart from `start`. */
async function deliveries(subscriptionId: string, type: string, count: number, start: number, state = "delivered") {
  const prisma = await db();
  const ids = Array.from({ length: count }, (_, i) => `msg-${start + i}-${randomUUID()}`);
  await prisma.webhookDelivery.createMany({
    data: ids.map((id, i) => ({
      id,
      subscriptionId,
      eventId: randomUUID(),
      type,
      payload: JSON.stringify({ type, data: { n: start + i } }),
      state: state as "delivered",
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, start + i)),
    })),
  });
  return ids;
}

describe("developer portal webhooks", () => {
  it("subscribes with a secret it makes itself, in the accepted format, that signs the handshake", async () => {
    const caller = await application();
    bodies.length = 0;
    const { subscription, secret } = await createSubscriptionWithSecret({
      caller,
      url,
      types: ["order.created"],
      config: getConfig(),
    });
    assert.equal(parseWebhookSecret(secret)?.length, 32);
    assert.deepEqual(subscription, { id: subscription.id, url, types: ["order.created"], state: "active" });
    assert.equal(bodies.length, 1);
    const headers = Object.fromEntries(Object.entries(bodies[0]!.headers).map(([k, v]) => [k, String(v)]));
    assert.deepEqual(new Webhook(secret).verify(bodies[0]!.body, headers), {
      type: "subscription.created",
      timestamp: (JSON.parse(bodies[0]!.body) as { timestamp: string }).timestamp,
    });
    const second = await createSubscriptionWithSecret({ caller, url, types: ["order.created"], config: getConfig() });
    assert.notEqual(second.secret, secret);
  });

  it("saves nothing when the endpoint refuses the handshake, and says so at the URL", async () => {
    const caller = await application();
    status = 503;
    try {
      await assert.rejects(
        createSubscriptionWithSecret({ caller, url, types: ["order.created"], config: getConfig() }),
        (error) => isAppError(error) && /answered 503/.test(error.fields?.url ?? ""),
      );
    } finally {
      status = 200;
    }
    const prisma = await db();
    assert.equal(await prisma.webhookSubscription.count({ where: { applicationId: caller.applicationId } }), 0);
  });

  it("lists the application's deliveries across endpoints, newest first, filtered and paged; never another's", async () => {
    const caller = await application();
    const other = await application();
    const config = getConfig();
    const a = (await createSubscriptionWithSecret({ caller, url, types: ["order.created"], config })).subscription;
    const b = (await createSubscriptionWithSecret({ caller, url, types: ["iban.updated"], config })).subscription;
    const foreign = (await createSubscriptionWithSecret({ caller: other, url, types: ["order.created"], config }))
      .subscription;
    const ofA = await deliveries(a.id, "order.created", 3, 0);
    const ofB = await deliveries(b.id, "iban.updated", 2, 10, "failed");
    const ofForeign = await deliveries(foreign.id, "order.created", 1, 20);

    const all = await listApplicationDeliveries({ caller, filter: deliveryLogFilter.parse({}) });
    assert.deepEqual(
      all.deliveries.map((d) => d.id),
      [...ofA, ...ofB].reverse(),
    );
    assert.equal(all.deliveries[0]!.subscription.url, url);
    assert.deepEqual([all.total, all.page, all.pages], [5, 1, 1]);

    const failed = await listApplicationDeliveries({ caller, filter: deliveryLogFilter.parse({ state: "failed" }) });
    assert.deepEqual(failed.deliveries.map((d) => d.id).sort(), [...ofB].sort());
    const byEndpoint = await listApplicationDeliveries({
      caller,
      filter: deliveryLogFilter.parse({ subscription: a.id }),
    });
    assert.equal(byEndpoint.total, 3);
    const byType = await listApplicationDeliveries({
      caller,
      filter: deliveryLogFilter.parse({ type: "iban.updated" }),
    });
    assert.equal(byType.total, 2);
    const foreignFilter = await listApplicationDeliveries({
      caller,
      filter: deliveryLogFilter.parse({ subscription: foreign.id }),
    });
    assert.equal(foreignFilter.total, 0);
    const junk = await listApplicationDeliveries({ caller, filter: deliveryLogFilter.parse({ subscription: "x" }) });
    assert.equal(junk.total, 0);
    // Unknown filter values are ignored rather than refused (a stale link still shows the log).
    assert.deepEqual(deliveryLogFilter.parse({ type: "nope", state: "nope", page: "-3" }), {
      type: undefined,
      state: undefined,
      page: 1,
    });

    const page2 = await listApplicationDeliveries({
      caller,
      filter: deliveryLogFilter.parse({ page: "2" }),
      pageSize: 2,
    });
    assert.deepEqual(
      page2.deliveries.map((d) => d.id),
      [ofA[2], ofA[1]],
    );
    assert.deepEqual([page2.total, page2.page, page2.pages], [5, 2, 3]);
    const beyond = await listApplicationDeliveries({
      caller,
      filter: deliveryLogFilter.parse({ page: "9" }),
      pageSize: 2,
    });
    assert.equal(beyond.page, 3);

    const detail = await applicationDelivery({ caller, deliveryId: ofA[0]! });
    assert.equal(detail.subscription.id, a.id);
    assert.equal((JSON.parse(detail.payload) as { data: { n: number } }).data.n, 0);
    assert.match(detail.eventId, /^[0-9a-f-]{36}$/);
    await assert.rejects(
      applicationDelivery({ caller, deliveryId: ofForeign[0]! }),
      (error) => isAppError(error) && error.code === "NOT_FOUND",
    );
  });
});
