import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { registerApplication } from "../applications/register-application.ts";
import { getConfig } from "../config.ts";
import { db, listen } from "../db/client.ts";
import { WEBHOOK_WORK_CHANNEL } from "../events/record-event.ts";
import { isAppError } from "../errors.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import type { Caller } from "../oauth/caller.ts";
import { issueClientCredentialsToken } from "../oauth/issue-client-credentials-token.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { deliverDueWebhooks } from "./deliver.ts";
import { fanOutEvents } from "./fan-out.ts";
import { createSubscription } from "./manage-subscriptions.ts";
import { runWebhookWorker } from "./run-webhook-worker.ts";
import { MAX_ATTEMPTS, RETRY_WINDOW_MS } from "./schedule.ts";

// The worker against a real receiver, with the clock moved by hand; the HTTP suite shows the API around it.
await setUpTestInstance("webhooks");

type Received = { headers: http.IncomingHttpHeaders; body: string };
const typeOf = (r: Received) => (JSON.parse(r.body) as { type: string }).type;

/** A receiver on loopback answering each request with what `answer` says, recording everything. */
const received: Received[] = [];
let answer: (r: Received) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 });
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const r = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
    received.push(r);
    const { status, headers } = answer(r);
    res.writeHead(status, headers).end("ok");
  });
});
let url = "";
before(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
after(() => receiver.close());

async function application(): Promise<{ caller: Caller; profile: string }> {
  const prisma = await db();
  const stamp = randomBytes(4).toString("hex");
  const owner = await prisma.user.create({ data: { email: `hooks-${stamp}@example.com` } });
  const profile = await prisma.profile.create({ data: { kind: "corporate", name: `Hooks ${stamp}` } });
  const app = await registerApplication({
    name: `Hooks ${stamp}`,
    environment: "sandbox",
    profileId: profile.id,
    ownerId: owner.id,
    redirectUris: [],
  });
  const issued = await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret });
  return { caller: await authenticateBearer(`Bearer ${issued.access_token}`), profile: profile.id };
}

const secret = () => `whsec_${randomBytes(32).toString("base64")}`;

async function recordProfileEvent(profile: string, at: Date) {
  const prisma = await db();
  return prisma.domainEvent.create({
    data: { type: "profile.updated", profileId: profile, data: { id: profile, state: "pending" }, createdAt: at },
  });
}

describe("webhook delivery", () => {
  it("C22: a receiver that does not answer 2xx to subscription.created gets no subscription", async () => {
    const { caller } = await application();
    answer = () => ({ status: 500 });
    const refused = await createSubscription({ caller, request: { url, secret: secret() }, config: getConfig() }).catch(
      (e: unknown) => e,
    );
    assert.ok(isAppError(refused) && refused.fields?.url?.startsWith("answered 500"), String(refused));
    const prisma = await db();
    assert.equal(await prisma.webhookSubscription.count({ where: { applicationId: caller.applicationId } }), 0);
  });

  it("C20, C21: delivered signed; on failure retried with the same id, signed afresh, at most 10 times within 12 hours", async () => {
    const { caller, profile } = await application();
    const whsec = secret();
    answer = () => ({ status: 200 });
    received.length = 0;
    await createSubscription({ caller, request: { url, secret: whsec }, config: getConfig() });
    assert.equal(typeOf(received[0]!), "subscription.created");
    new Webhook(whsec).verify(received[0]!.body, received[0]!.headers as Record<string, string>);

    // A delivery that succeeds at once, verified by the standard library on the raw body.
    received.length = 0;
    await recordProfileEvent(profile, new Date());
    assert.ok((await fanOutEvents()) >= 1);
    await deliverDueWebhooks({ config: getConfig() });
    const ok = received.find((r) => typeOf(r) === "profile.updated")!;
    assert.deepEqual(new Webhook(whsec).verify(ok.body, ok.headers as Record<string, string>), JSON.parse(ok.body));

    // A receiver that keeps failing: the clock jumps to each scheduled attempt.
    answer = () => ({ status: 500 });
    received.length = 0;
    const start = new Date(Date.now() + 60_000);
    await recordProfileEvent(profile, start);
    await fanOutEvents({ clock: () => start });
    const prisma = await db();
    let now = start;
    for (let round = 0; round < 20; round++) {
      await deliverDueWebhooks({ config: getConfig(), clock: () => now });
      const pending = await prisma.webhookDelivery.findFirst({
        where: { subscription: { applicationId: caller.applicationId }, state: "pending" },
      });
      if (!pending?.nextAttemptAt) break;
      now = pending.nextAttemptAt;
    }
    const ids = new Set(received.map((r) => r.headers["webhook-id"]));
    const stamps = received.map((r) => Number(r.headers["webhook-timestamp"]));
    assert.equal(received.length, MAX_ATTEMPTS);
    assert.equal(ids.size, 1);
    assert.equal(new Set(received.map((r) => r.headers["webhook-signature"])).size, MAX_ATTEMPTS);
    assert.equal(new Set(received.map((r) => r.body)).size, 1);
    assert.ok(stamps.at(-1)! * 1000 - start.getTime() <= RETRY_WINDOW_MS);
    for (let i = 2; i < stamps.length; i++) assert.ok(stamps[i]! - stamps[i - 1]! >= stamps[i - 1]! - stamps[i - 2]!);
    const failed = await prisma.webhookDelivery.findFirstOrThrow({
      where: { subscription: { applicationId: caller.applicationId }, state: "failed" },
      include: { attemptLog: true },
    });
    assert.equal(failed.attemptLog.length, MAX_ATTEMPTS);
    assert.ok(failed.attemptLog.every((a) => a.responseStatus === 500 && a.responseBody === "ok"));
  });

  it("C21: Retry-After on 429 is honoured; 410 switches the subscription off", async () => {
    const { caller, profile } = await application();
    answer = () => ({ status: 200 });
    await createSubscription({ caller, request: { url, secret: secret() }, config: getConfig() });
    const now = new Date(Date.now() + 120_000);
    await recordProfileEvent(profile, now);
    await fanOutEvents({ clock: () => now });
    answer = () => ({ status: 429, headers: { "retry-after": "600" } });
    await deliverDueWebhooks({ config: getConfig(), clock: () => now });
    const prisma = await db();
    const mine = { subscription: { applicationId: caller.applicationId } };
    const delivery = await prisma.webhookDelivery.findFirstOrThrow({ where: mine });
    assert.equal(delivery.nextAttemptAt!.getTime() - now.getTime() >= 600_000, true);

    answer = () => ({ status: 410 });
    await deliverDueWebhooks({ config: getConfig(), clock: () => delivery.nextAttemptAt! });
    assert.equal((await prisma.webhookDelivery.findFirstOrThrow({ where: mine })).state, "failed");
    const subscription = await prisma.webhookSubscription.findFirstOrThrow({
      where: { applicationId: caller.applicationId },
    });
    assert.equal(subscription.state, "inactive");
  });

  it("issue 16: an event no subscription can hear is recorded fanned out and wakes no worker; one a subscription hears does", async () => {
    const { caller, profile } = await application();
    const prisma = await db();
    const heard: string[] = [];
    const unlisten = await listen(WEBHOOK_WORK_CHANNEL, {
      onNotify: (payload) => heard.push(payload ?? ""),
      onError: () => undefined,
    });
    const quiet = () => new Promise((resolve) => setTimeout(resolve, 200));
    try {
      await quiet();
      heard.length = 0; // opening a PostgreSQL listener counts as a wake-up
      const unheard = await recordProfileEvent(profile, new Date());
      await quiet();
      assert.deepEqual(heard, [], "nobody is woken for an event nobody can hear");
      const stored = await prisma.domainEvent.findUniqueOrThrow({ where: { id: unheard.id } });
      assert.equal(stored.fannedOutAt?.getTime(), stored.createdAt.getTime());

      answer = () => ({ status: 200 });
      await createSubscription({ caller, request: { url, secret: secret() }, config: getConfig() });
      const heardEvent = await recordProfileEvent(profile, new Date());
      const deadline = Date.now() + 5_000;
      while (heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.deepEqual(heard, [""], "an event a subscription hears wakes the workers");
      assert.equal((await prisma.domainEvent.findUniqueOrThrow({ where: { id: heardEvent.id } })).fannedOutAt, null);
      await fanOutEvents();
      const deliveries = await prisma.webhookDelivery.findMany({
        where: { subscription: { applicationId: caller.applicationId } },
      });
      assert.deepEqual(
        deliveries.map((d) => d.eventId),
        [heardEvent.id],
        "the earlier event, recorded before the subscription, is not delivered to it",
      );
      await deliverDueWebhooks({ config: getConfig() });
    } finally {
      await unlisten();
    }
  });

  it("C23: two workers at once never send the same attempt twice; events fan out once", async () => {
    const { caller, profile } = await application();
    answer = () => ({ status: 200 });
    await createSubscription({ caller, request: { url, secret: secret() }, config: getConfig() });
    received.length = 0;
    for (let i = 0; i < 12; i++) await recordProfileEvent(profile, new Date());
    await Promise.all([fanOutEvents({ batch: 5 }), fanOutEvents({ batch: 5 }), fanOutEvents({ batch: 5 })]);
    await fanOutEvents();
    await Promise.all([deliverDueWebhooks({ config: getConfig() }), deliverDueWebhooks({ config: getConfig() })]);
    await deliverDueWebhooks({ config: getConfig() });
    const ids = received.map((r) => r.headers["webhook-id"]);
    assert.equal(ids.length, 12);
    assert.equal(new Set(ids).size, 12);
  });

  it("one run of the worker fans out and delivers a backlog of several batches, each event once", async () => {
    const { caller, profile } = await application();
    answer = () => ({ status: 200 });
    await createSubscription({ caller, request: { url, secret: secret() }, config: getConfig() });
    received.length = 0;
    for (let i = 0; i < 25; i++) await recordProfileEvent(profile, new Date());
    await runWebhookWorker({ config: getConfig(), fanOutBatch: 10, deliveryBatch: 4 });
    const mine = received.filter((r) => (JSON.parse(r.body) as { data?: { id?: string } }).data?.id === profile);
    assert.equal(mine.length, 25);
    assert.equal(new Set(mine.map((r) => r.headers["webhook-id"])).size, 25);
  });
});
