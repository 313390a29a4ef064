import assert from "node:assert/strict";
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { registerApplication } from "../applications/register-application.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { recordEvent } from "../events/record-event.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import { issueClientCredentialsToken } from "../oauth/issue-client-credentials-token.ts";
import { listOutbox } from "../outbox/list-outbox.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { deliverDueWebhooks } from "../webhooks/deliver.ts";
import { fanOutEvents } from "../webhooks/fan-out.ts";
import { createSubscription } from "../webhooks/manage-subscriptions.ts";
import { bankFileContent } from "../bank/operator/bank-file-content.ts";
import { countPlainRecords, sealPlainRecords } from "./seal-plain-records.ts";

// Events, the webhook deliveries made of them and mail hold personal data sealed at rest (C70), on a real database
// (PGlite, or PostgreSQL with DATABASE_URL); what leaves (a webhook's body, a mail) is what it was.
await setUpTestInstance("seal_events_mail");

type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    if (req.headers["webhook-id"]) received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
    res.writeHead(200).end();
  });
});
let url = "";
before(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
after(() => receiver.close());

const stamp = randomBytes(4).toString("hex");
const secret = `whsec_${randomBytes(32).toString("base64")}`;

/** A profile whose subscribed application hears its `profile.updated`. */
async function subscribedProfile(): Promise<string> {
  const prisma = await db();
  const owner = await prisma.user.create({ data: { email: `sealed-events-${stamp}@example.com` } });
  const profile = await prisma.profile.create({ data: { kind: "corporate", name: `Sealed ${stamp}` } });
  const app = await registerApplication({
    name: `Sealed ${stamp}`,
    environment: "sandbox",
    profileId: profile.id,
    ownerId: owner.id,
    redirectUris: [],
  });
  const issued = await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret });
  const caller = await authenticateBearer(`Bearer ${issued.access_token}`);
  await createSubscription({ caller, request: { url, secret, types: ["profile.updated"] }, config: getConfig() });
  return profile.id;
}

/** Whether `body` carries the Standard Webhooks signature the subscription's secret makes. */
function signedBy(r: Received): boolean {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const mac = createHmac("sha256", key)
    .update(`${String(r.headers["webhook-id"])}.${String(r.headers["webhook-timestamp"])}.${r.body}`)
    .digest("base64");
  return String(r.headers["webhook-signature"]).split(" ").includes(`v1,${mac}`);
}

async function tableText(table: string): Promise<string> {
  const rows = await (await db()).$queryRawUnsafe<{ t: string }[]>(`SELECT t::text AS t FROM "${table}" t`);
  return rows.map((r) => r.t).join("\n");
}

describe("events, webhook deliveries and mail sealed at rest", () => {
  it("C70: what was kept in plain text is sealed in place and counted to zero; webhooks and mail still carry it", async () => {
    const prisma = await db();
    const profileId = await subscribedProfile();
    // Written before sealing began: an event (and the delivery fanned out of it) and a mail, in plain text.
    await prisma.$executeRawUnsafe(
      `INSERT INTO "DomainEvent" (id, type, "profileId", data, "createdAt")
       VALUES (gen_random_uuid(), 'profile.updated', $1::uuid, $2::jsonb, now())`,
      profileId,
      JSON.stringify({ id: profileId, name: "Erika Altbestand", state: "pending" }),
    );
    assert.equal(await fanOutEvents(), 1);
    await prisma.$executeRawUnsafe(
      `INSERT INTO "OutboxMessage" (id, "to", subject, body, kind, content, html, "messageId", status)
       VALUES (gen_random_uuid(), to_jsonb($1::text), 'Your account', to_jsonb($2::text), 'mail', $3::jsonb, to_jsonb($4::text),
         $5, 'kept')`,
      `erika-${stamp}@example.com`,
      "Dear Erika Altbestand,\n",
      JSON.stringify({ subject: "Your account", paragraphs: ["Dear Erika Altbestand,"] }),
      "<p>Dear Erika Altbestand,</p>",
      `<${stamp}@example.com>`,
    );
    // Written since: sealed as it is written.
    await prisma.$transaction((tx) =>
      recordEvent(tx, {
        type: "profile.updated",
        profileId,
        data: { id: profileId, name: "Erika Neuzugang", state: "approved" } as never,
        at: new Date(),
      }),
    );
    assert.ok(!(await tableText("DomainEvent")).includes("Neuzugang"), "a new event is sealed when recorded");

    const plain = await countPlainRecords();
    assert.equal(plain["DomainEvent.data"], 1);
    assert.equal(plain["WebhookDelivery.payload"], 1);
    assert.equal(plain["OutboxMessage.body"], 1);
    assert.equal(plain["OutboxMessage.content"], 1);
    assert.equal(plain["OutboxMessage.html"], 1);
    assert.equal(plain["OutboxMessage.to"], 2, "the recipient is plain and has no blind index yet");
    // These six, and the person and profile the test wrote itself without sealing.
    assert.ok((await sealPlainRecords()).sealed >= 6);
    assert.ok(Object.values(await countPlainRecords()).every((n) => n === 0));
    for (const table of ["DomainEvent", "WebhookDelivery", "OutboxMessage"]) {
      const text = await tableText(table);
      for (const value of ["Altbestand", "Neuzugang", `erika-${stamp}`]) {
        assert.ok(!text.includes(value), `${value} is not in ${table}`);
      }
    }

    // The receiver reads both events in plain JSON, signed over exactly what it reads.
    await fanOutEvents();
    // An attempt that timed out on a loaded machine is retried: the clock moves on until both have arrived.
    const heard = () => received.filter((r) => (JSON.parse(r.body) as { type: string }).type === "profile.updated");
    for (let round = 0; round < 5 && new Set(heard().map((r) => r.headers["webhook-id"])).size < 2; round += 1) {
      await deliverDueWebhooks({ config: getConfig(), clock: () => new Date(Date.now() + round * 3_600_000) });
    }
    const events = heard();
    const names = [...new Set(events.map((r) => (JSON.parse(r.body) as { data: { name: string } }).data.name))].sort();
    assert.deepEqual(names, ["Erika Altbestand", "Erika Neuzugang"]);
    assert.ok(events.every(signedBy), "each body is the one its signature covers");
    assert.ok(events.every((r) => !r.body.includes('"sealed"')));

    // The outbox shows the mail as it was written.
    const [mail] = (await listOutbox({ to: `erika-${stamp}@example.com` })).entries;
    assert.equal(mail?.body, "Dear Erika Altbestand,\n");
    assert.equal(mail?.html, "<p>Dear Erika Altbestand,</p>");
    assert.deepEqual(mail?.content.paragraphs, ["Dear Erika Altbestand,"]);
  });

  it("C70: a payment file kept in plain text before sealing is sealed in place and downloaded byte for byte", async () => {
    const prisma = await db();
    const xml = Buffer.from(`<?xml version="1.0"?><Document><Nm>Ottilie Zahlungsempfang ${stamp}</Nm></Document>`);
    const file = await prisma.bankFile.create({
      data: {
        direction: "outbound",
        message: "pain.001.001.09",
        messageId: `legacy-${stamp}`,
        sha256: "0".repeat(64),
        size: xml.byteLength,
        name: `pain001-legacy-${stamp}.xml`,
        source: "payment-run",
        state: "written",
        content: new Uint8Array(xml),
        createdAt: new Date(),
      },
    });
    assert.equal((await countPlainRecords())["BankFile.content"], 1);
    await sealPlainRecords();
    assert.equal((await countPlainRecords())["BankFile.content"], 0);
    assert.ok(!(await tableText("BankFile")).includes("Zahlungsempfang"));
    const kept = await prisma.bankFile.findUniqueOrThrow({ where: { id: file.id } });
    assert.ok(!Buffer.from(kept.content!).includes("Zahlungsempfang"), "the kept bytes are sealed");
    const download = await bankFileContent({ id: file.id, config: getConfig() });
    assert.ok(Buffer.from(await new Response(download.content).arrayBuffer()).equals(xml));
  });
});
