import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ClaimHolder } from "../db/claim-holder.ts";
import { db } from "../db/client.ts";
import { getConfig } from "../config.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { listOutbox } from "../outbox/list-outbox.ts";
import { enqueueMail } from "./enqueue-mail.ts";
import { plainRenderer } from "./plain-renderer.ts";
import { runMailWorker } from "./run-mail-worker.ts";
import { openedMail, whereMailTo } from "./mail-columns.ts";

// The sandbox without a mail server: mail is kept in the outbox, which the operator's console shows as its mailbox.
await setUpTestInstance("sandbox_mailbox");
delete process.env.TOKENRAIL_SMTP_URL;

describe("the sandbox mailbox", () => {
  it("keeps mail in the outbox when no mail server is attached, and the worker sends nothing", async () => {
    const prisma = await db();
    assert.equal(getConfig().mail.smtpUrl, undefined);
    await enqueueMail(prisma, { to: "Person@Example.com", kind: "test", subject: "Hello", paragraphs: ["Hi."] });
    const holder: ClaimHolder = {
      current: () => 1,
      holds: () => true,
      onHoldersGone: () => () => undefined,
      close: () => Promise.resolve(),
    };
    const tally = await runMailWorker({ config: getConfig(), render: plainRenderer, holder });
    assert.deepEqual(tally, { sent: 0, failed: 0, retried: 0, uncertain: 0 });
    const kept = await prisma.outboxMessage.findFirstOrThrow({ where: whereMailTo("person@example.com") });
    assert.equal(kept.status, "kept");
    assert.equal(kept.attempts, 0);
    assert.equal(openedMail(kept).body, "Hi.\n");
    assert.ok(!JSON.stringify(kept).includes("Hi."), "C70 the kept mail is sealed at rest");
    assert.match(kept.messageId, /^<[0-9a-f-]{36}@localhost>$/);
  });

  it("lists the outbox newest first, by address, a page at a time", async () => {
    const prisma = await db();
    for (const n of [1, 2, 3]) {
      await enqueueMail(prisma, { to: "pages@example.com", kind: "test", subject: `Mail ${n}`, paragraphs: ["Hi."] });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const first = await listOutbox({ to: " Pages@Example.com ", pageSize: 2 });
    assert.deepEqual(
      first.entries.map((e) => e.subject),
      ["Mail 3", "Mail 2"],
    );
    assert.deepEqual({ page: first.page, pages: first.pages, total: first.total }, { page: 1, pages: 2, total: 3 });
    const second = await listOutbox({ to: "pages@example.com", pageSize: 2, page: 2 });
    assert.deepEqual(
      second.entries.map((e) => [e.subject, e.status, e.content.paragraphs]),
      [["Mail 1", "kept", ["Hi."]]],
    );
    // A page past the last shows the last.
    assert.equal((await listOutbox({ to: "pages@example.com", pageSize: 2, page: 9 })).page, 2);
  });
});
