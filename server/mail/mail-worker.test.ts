import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, before, describe, it } from "node:test";
import { simpleParser } from "mailparser";
import type { ClaimHolder } from "../db/claim-holder.ts";
import { db } from "../db/client.ts";
import { getConfig } from "../config.ts";
import { recipientDir, startTestMailServer, type MailServerBehaviour } from "../testing/test-mail-server.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { claimDueMail, markOrphansUncertain } from "./claim-mail.ts";
import { enqueueMail } from "./enqueue-mail.ts";
import { MAX_ATTEMPTS, MAX_PERMANENT_ATTEMPTS } from "./mail-schedule.ts";
import { plainRenderer } from "./plain-renderer.ts";
import { runMailWorker, type MailWorkerConfig } from "./run-mail-worker.ts";
import { openedMail, whereMailTo } from "./mail-columns.ts";

// C54: each mail is delivered at most once, retried on refusals and outages, failed after its last attempt.
await setUpTestInstance("mail_worker");
// Mail is queued for delivery (not kept in the sandbox mailbox) once a mail server is configured.
process.env.TOKENRAIL_SMTP_URL = "smtp://mail.invalid:25";
process.env.TOKENRAIL_APP_URL = "https://app.tokenrail.test";

let holder: ClaimHolder;
before(async () => {
  holder = await liveHolder();
});

/** A claim holder of its own, as another instance on the same database would have. */
async function liveHolder(): Promise<ClaimHolder> {
  const prisma = await db();
  const [row] = await prisma.$queryRaw<{ n: number }[]>`SELECT "take_claim_holder"() AS n`;
  const id = row!.n;
  return {
    current: () => id,
    holds: (h) => h === id,
    onHoldersGone: () => () => undefined,
    close: () => Promise.resolve(),
  };
}

let counter = 0;
async function queueMail(): Promise<{ id: string; to: string; messageId: string }> {
  const to = `person-${++counter}-${Date.now()}@example.com`;
  const prisma = await db();
  await enqueueMail(prisma, {
    to,
    kind: "test",
    subject: "Your order",
    paragraphs: ["It went through."],
    action: { label: "See it", url: "https://app.tokenrail.test/orders/1" },
  });
  const row = await prisma.outboxMessage.findFirstOrThrow({ where: whereMailTo(to) });
  return { id: row.id, to, messageId: row.messageId };
}

function workerConfig(smtpUrl: string, timeoutMs = 2_000): MailWorkerConfig {
  const { appUrl, secret, environment, mail } = getConfig();
  return { appUrl, secret, environment, mail: { ...mail, smtpUrl, timeoutMs } };
}

async function run(smtpUrl: string, at: Date, options: { timeoutMs?: number; claimer?: ClaimHolder } = {}) {
  return runMailWorker({
    config: workerConfig(smtpUrl, options.timeoutMs),
    render: plainRenderer,
    holder: options.claimer ?? holder,
    clock: () => at,
    random: () => 0,
  });
}

async function row(id: string) {
  return (await db()).outboxMessage.findUniqueOrThrow({ where: { id } });
}

async function withServer<T>(
  behaviour: MailServerBehaviour,
  fn: (url: string, received: () => number, dir: string) => Promise<T>,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-mailbox-"));
  const server = await startTestMailServer({ dir, behaviour });
  try {
    return await fn(server.url, server.received, dir);
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A port nothing listens on: the mail server is down. */
const DOWN = "smtp://tokenrail:x@127.0.0.1:9";

afterEach(async () => {
  // Whatever a test left queued is not the next one's business.
  await (await db()).outboxMessage.updateMany({ where: { status: "queued" }, data: { status: "failed" } });
});

describe("the mail worker", () => {
  it("C54: sends a queued mail once, with the Message-ID fixed when it was queued, and records it as sent", async () => {
    await withServer("accept", async (url, received, dir) => {
      const mail = await queueMail();
      assert.match(mail.messageId, /^<[0-9a-f-]{36}@app\.tokenrail\.test>$/);
      const now = new Date();
      assert.equal((await run(url, now)).sent, 1);
      const [file] = fs.readdirSync(recipientDir(dir, mail.to));
      const parsed = await simpleParser(fs.readFileSync(path.join(recipientDir(dir, mail.to), file!)));
      assert.equal(parsed.messageId, mail.messageId);
      assert.equal(parsed.subject, "Your order");
      assert.match(String(parsed.html), /href="https:\/\/app\.tokenrail\.test\/orders\/1"/);
      const sent = await row(mail.id);
      assert.equal(sent.status, "sent");
      assert.equal(sent.attempts, 1);
      assert.equal(sent.sentAt?.getTime(), now.getTime());
      assert.ok(openedMail(sent).html?.includes("It went through."));
      assert.ok(!JSON.stringify(sent).includes("It went through."), "the stored mail is sealed");
      // Later runs send nothing more.
      await run(url, new Date(now.getTime() + 3600_000));
      assert.equal(received(), 1);
    });
  });

  it("C54: a server that is down is retried on the schedule, then the mail fails with the reason", async () => {
    const mail = await queueMail();
    let at = new Date();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await run(DOWN, at);
      const after = await row(mail.id);
      assert.equal(after.attempts, attempt);
      assert.match(after.lastError ?? "", /ECONNECTION|ECONNREFUSED|ESOCKET/);
      if (attempt < MAX_ATTEMPTS) {
        assert.equal(after.status, "queued");
        assert.ok(after.nextAttemptAt > at, "waits before the next attempt");
        // Not due before its time.
        await run(DOWN, new Date(after.nextAttemptAt.getTime() - 1000));
        assert.equal((await row(mail.id)).attempts, attempt);
        at = after.nextAttemptAt;
      } else assert.equal(after.status, "failed");
    }
  });

  it("C54: a server that never answers the DATA command is retried (the message was not handed over)", async () => {
    await withServer("stall-before-data", async (url) => {
      const mail = await queueMail();
      await run(url, new Date(), { timeoutMs: 600 });
      const after = await row(mail.id);
      assert.equal(after.status, "queued");
      assert.equal(after.attempts, 1);
      assert.match(after.lastError ?? "", /ETIMEDOUT|Timeout/i);
    });
  });

  it("C54: a 4xx refusal is retried with its code and text recorded", async () => {
    await withServer({ refuse: "451 4.3.0 Try again later" }, async (url, received) => {
      const mail = await queueMail();
      await run(url, new Date());
      const after = await row(mail.id);
      assert.equal(after.status, "queued");
      assert.match(after.lastError ?? "", /^451 4\.3\.0 Try again later/);
      assert.equal(received(), 0);
    });
  });

  it("C54: a 5xx refusal is retried a few times only, then fails with the server's answer", async () => {
    await withServer({ refuse: "550 5.1.1 No such mailbox" }, async (url) => {
      const mail = await queueMail();
      let at = new Date();
      for (let attempt = 1; attempt <= MAX_PERMANENT_ATTEMPTS; attempt++) {
        await run(url, at);
        const after = await row(mail.id);
        assert.equal(after.status, attempt < MAX_PERMANENT_ATTEMPTS ? "queued" : "failed");
        assert.match(after.lastError ?? "", /^550 5\.1\.1 No such mailbox/);
        at = new Date(after.nextAttemptAt.getTime() + 1);
      }
      assert.ok(MAX_PERMANENT_ATTEMPTS < MAX_ATTEMPTS);
    });
  });

  it("C54: a conversation that breaks after the message was sent leaves it uncertain, never sent again by itself", async () => {
    await withServer("stall-after-data", async (url, received) => {
      const mail = await queueMail();
      await run(url, new Date(), { timeoutMs: 600 });
      const after = await row(mail.id);
      assert.equal(after.status, "uncertain");
      assert.match(after.lastError ?? "", /may have arrived/);
      await run(url, new Date(Date.now() + 86_400_000), { timeoutMs: 600 });
      assert.equal(received(), 1);
    });
  });

  it("C54: a mail left in sending by a sender that died becomes uncertain and is not sent again", async () => {
    await withServer("accept", async (url, received) => {
      const mail = await queueMail();
      const prisma = await db();
      const dead = await liveHolder();
      const now = new Date();
      const [claimed] = await claimDueMail(prisma, {
        now,
        batch: 10,
        holder: dead.current()!,
        holdUntil: new Date(now.getTime() + 3600_000),
      });
      assert.equal(claimed?.id, mail.id);
      // Still held by a live holder: left alone.
      assert.equal(await markOrphansUncertain(prisma, now), 0);
      // Its holder's number is no longer held (the process was killed), as after a crash.
      await prisma.$executeRaw`UPDATE "OutboxMessage" SET "claimedBy" = -1 WHERE id = ${mail.id}::uuid`;
      await run(url, now);
      const after = await row(mail.id);
      assert.equal(after.status, "uncertain");
      assert.match(after.lastError ?? "", /sender stopped while sending/);
      assert.equal(received(), 0);
    });
  });

  it("C54: two workers on one database deliver each mail once", async () => {
    await withServer("accept", async (url, received, dir) => {
      const mails = [];
      for (let i = 0; i < 12; i++) mails.push(await queueMail());
      const other = await liveHolder();
      const now = new Date();
      const [a, b] = await Promise.all([run(url, now), run(url, now, { claimer: other })]);
      assert.equal(a.sent + b.sent, 12);
      assert.equal(received(), 12);
      for (const mail of mails) {
        assert.equal(fs.readdirSync(recipientDir(dir, mail.to)).length, 1, mail.to);
        assert.equal((await row(mail.id)).status, "sent");
      }
    });
  });
});
