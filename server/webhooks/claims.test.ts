import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { registerApplication } from "../applications/register-application.ts";
import { getConfig } from "../config.ts";
import type { ClaimHolder } from "../db/claim-holder.ts";
import { claimHolder, db } from "../db/client.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import { issueClientCredentialsToken } from "../oauth/issue-client-credentials-token.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { claimDue } from "./claim-deliveries.ts";
import { deliverDueWebhooks, DeliveryRounds } from "./deliver.ts";
import { fanOutEvents } from "./fan-out.ts";
import { createSubscription } from "./manage-subscriptions.ts";

// C60: a delivery claimed by an instance that died is sent again at once, never by two live instances.
await setUpTestInstance("webhook_claims");

const received: string[] = [];
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    received.push(String(req.headers["webhook-id"] ?? "handshake"));
    res.writeHead(200).end();
  });
});
let url = "";
before(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
after(() => receiver.close());

/** A subscribed application with `events` deliveries waiting for their first attempt; returns their ids. */
async function pendingDeliveries(events: number): Promise<string[]> {
  const prisma = await db();
  const stamp = randomBytes(4).toString("hex");
  const owner = await prisma.user.create({ data: { email: `claims-${stamp}@example.com` } });
  const profile = await prisma.profile.create({ data: { kind: "corporate", name: `Claims ${stamp}` } });
  const app = await registerApplication({
    name: `Claims ${stamp}`,
    environment: "sandbox",
    profileId: profile.id,
    ownerId: owner.id,
    redirectUris: [],
  });
  const issued = await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret });
  const caller = await authenticateBearer(`Bearer ${issued.access_token}`);
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  await createSubscription({ caller, request: { url, secret }, config: getConfig() });
  for (let i = 0; i < events; i++) {
    await prisma.domainEvent.create({
      data: { type: "profile.updated", profileId: profile.id, data: { id: profile.id, state: "pending" } },
    });
  }
  await fanOutEvents();
  const rows = await prisma.webhookDelivery.findMany({ where: { subscription: { applicationId: app.applicationId } } });
  return rows.map((row) => row.id).sort();
}

/** A holder number that is not held (its holder died), and one held by a live holder other than this process. */
async function goneAndLiveHolders(): Promise<{ gone: number; live: number }> {
  const prisma = await db();
  const [gone] = await prisma.$queryRaw<{ n: number }[]>`SELECT nextval('claim_holder_seq')::int AS n`;
  const [live] = await prisma.$queryRaw<{ n: number }[]>`SELECT "take_claim_holder"() AS n`;
  return { gone: gone!.n, live: live!.n };
}

describe("claims and their holders", () => {
  it("C60: a delivery whose holder is gone is sent by the next round at once, same webhook-id; a live holder's is left to it", async () => {
    const [dead, held] = await pendingDeliveries(2);
    const prisma = await db();
    const { gone, live } = await goneAndLiveHolders();
    // Both claimed for an attempt already made (or not) by their holders, held for an hour.
    await prisma.$executeRaw`
      UPDATE "WebhookDelivery" SET attempts = 1, "lockedUntil" = now() + interval '1 hour',
        "claimedBy" = CASE WHEN id = ${dead} THEN ${gone}::int ELSE ${live}::int END
      WHERE id IN (${dead}, ${held})`;
    received.length = 0;
    await deliverDueWebhooks({ config: getConfig() });
    assert.deepEqual(received, [dead], "only the dead holder's delivery, under its own webhook-id");
    const after = await prisma.webhookDelivery.findMany({
      where: { id: { in: [dead!, held!] } },
      orderBy: { id: "asc" },
    });
    const byId = new Map(after.map((d) => [d.id, d]));
    assert.equal(byId.get(dead!)?.state, "delivered");
    assert.equal(byId.get(dead!)?.attempts, 2, "the interrupted attempt stays counted");
    assert.equal(byId.get(dead!)?.claimedBy, null);
    assert.equal(byId.get(held!)?.state, "pending");
    assert.equal(byId.get(held!)?.claimedBy, live);
    await prisma.webhookDelivery.update({ where: { id: held }, data: { state: "failed", claimedBy: null } });
  });

  it("C60: deliveries a process claimed under a holder it lost are not sent by it, and go out once from the next round", async () => {
    const ids = await pendingDeliveries(3);
    const prisma = await db();
    const { gone } = await goneAndLiveHolders();
    const claimed = await claimDue(prisma, getConfig(), new Date(), 100, gone);
    assert.deepEqual(claimed.map((d) => d.id).sort(), ids);
    // This process's holder as it is once its connection broke: the claims were made under a number it no longer holds.
    const lost: ClaimHolder = {
      current: () => undefined,
      holds: () => false,
      onHoldersGone: () => () => undefined,
      close: () => Promise.resolve(),
    };
    received.length = 0;
    const rounds = new DeliveryRounds(prisma, lost, getConfig(), () => new Date());
    await rounds.send(claimed);
    assert.deepEqual(await rounds.finish(), { attempted: 0, delivered: 0 });
    assert.deepEqual(received, []);

    await deliverDueWebhooks({ config: getConfig() });
    assert.deepEqual(received.sort(), ids);
    assert.ok((await claimHolder()).current() !== gone);
  });
});
