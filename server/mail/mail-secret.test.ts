import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { simpleParser } from "mailparser";
import type { ClaimHolder } from "../db/claim-holder.ts";
import { db } from "../db/client.ts";
import { getConfig } from "../config.ts";
import { AppError } from "../errors.ts";
import { inviteOperator } from "../operators/invite-operator.ts";
import { listOutbox } from "../outbox/list-outbox.ts";
import { sendMailAgain } from "../outbox/send-mail-again.ts";
import { sendPasswordSetup } from "../outbox/send-password-setup.ts";
import { recipientDir, startTestMailServer, type MailServerBehaviour } from "../testing/test-mail-server.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { requestPasswordReset } from "../users/request-password-reset.ts";
import { sendPasswordResets } from "../users/send-password-resets.ts";
import { resendEmailCode } from "../users/resend-email-code.ts";
import { signUp } from "../users/sign-up.ts";
import { MAX_PERMANENT_ATTEMPTS } from "./mail-schedule.ts";
import { plainRenderer } from "./plain-renderer.ts";
import { runMailWorker } from "./run-mail-worker.ts";
import { whereMailTo } from "./mail-columns.ts";

// Issue 12: a mail that grants access (a reset or invitation link, a sign-up code) keeps its secret out of the stored
// row; production erases it when delivery ends and shows it redacted; the sandbox's mailbox keeps showing it.
await setUpTestInstance("mail_secret");
process.env.TOKENRAIL_SMTP_URL = "smtp://mail.invalid:25";
process.env.TOKENRAIL_APP_URL = "https://app.tokenrail.test";

const production = () => ({ ...getConfig(), environment: "production" as const });
const stamp = () => randomUUID().slice(0, 8);
const client = () => `client-${stamp()}`;
const now = new Date();

const holder: ClaimHolder = {
  current: () => 1,
  holds: () => true,
  onHoldersGone: () => () => undefined,
  close: () => Promise.resolve(),
};

/** Runs the production mail worker against a test mail server; returns the messages it received for `to`. */
async function deliver(to: string, behaviour: MailServerBehaviour, options: { at?: Date; timeoutMs?: number } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-secret-mail-"));
  const server = await startTestMailServer({ dir, behaviour });
  try {
    const config = production();
    await runMailWorker({
      config: { ...config, mail: { ...config.mail, smtpUrl: server.url, timeoutMs: options.timeoutMs ?? 2_000 } },
      render: plainRenderer,
      holder,
      clock: () => options.at ?? new Date(),
      random: () => 0,
    });
    const folder = recipientDir(dir, to);
    const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    return Promise.all(files.map(async (f) => simpleParser(fs.readFileSync(path.join(folder, f)))));
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The stored row of the newest mail to `to`, every column as the database holds it. */
async function storedRow(to: string) {
  return (await db()).outboxMessage.findFirstOrThrow({ where: whereMailTo(to), orderBy: { createdAt: "desc" } });
}

/** The secret a mail carries as the sandbox mailbox shows it: the link's token, or the code. */
async function sandboxSecret(to: string): Promise<string> {
  const [mail] = (await listOutbox({ to, pageSize: 1 })).entries;
  assert.equal(mail?.secret, "shown");
  const secret = /token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] ?? /^(\d{6})$/m.exec(mail.body)?.[1];
  assert.ok(secret, `a link or code in the sandbox's view of the mail to ${to}`);
  assert.equal(mail.content.code ?? /token=([A-Za-z0-9_-]+)/.exec(mail.content.action?.url ?? "")?.[1], secret);
  return secret;
}

async function newUser(): Promise<{ id: string; email: string }> {
  const email = `person-${stamp()}@example.com`;
  const { id } = await (await db()).user.create({ data: { email, emailVerifiedAt: now }, select: { id: true } });
  return { id, email };
}

describe("issue 12: a mail's secret is kept apart, sealed, and only as long as delivery needs it", () => {
  it("C55 every mail that grants access keeps its secret out of the stored row; the sandbox mailbox shows it", async () => {
    const prisma = await db();
    const config = getConfig();
    const setup = await newUser();
    await prisma.$transaction((tx) =>
      sendPasswordSetup(tx, {
        userId: setup.id,
        email: setup.email,
        applicationId: randomUUID(),
        applicationName: "Partner",
        config,
        now,
      }),
    );
    const reset = await newUser();
    await requestPasswordReset({ input: { email: reset.email }, client: client() });
    await sendPasswordResets(config);
    const signUpEmail = `new-${stamp()}@example.com`;
    const { ticket } = await signUp({
      input: { email: signUpEmail, password: "correct horse battery" },
      client: client(),
      config,
    });
    const resentEmail = `again-${stamp()}@example.com`;
    const resent = await signUp({
      input: { email: resentEmail, password: "correct horse battery" },
      client: client(),
      config,
    });
    await resendEmailCode({ input: { ticket: resent.ticket }, client: client(), config });
    const inviteEmail = `op-${stamp()}@tokenrail.test`;
    const invitation = await prisma.$transaction((tx) =>
      inviteOperator(tx, { email: inviteEmail, roles: ["admin"], config, now }),
    );
    assert.ok(ticket);
    for (const to of [setup.email, reset.email, signUpEmail, resentEmail, inviteEmail]) {
      const secret = await sandboxSecret(to);
      const row = await storedRow(to);
      assert.ok(!JSON.stringify(row).includes(secret), `the stored mail to ${to} does not hold its secret`);
      assert.ok(row.secretSealed, `the mail to ${to} keeps its secret sealed for delivery`);
      if (to === inviteEmail) assert.equal(invitation.link, `${config.appUrl}/operator-invitation?token=${secret}`);
    }
  });

  it("C54 in production a reset link is delivered working, then erased with the mark that says sent; the outbox shows it redacted", async () => {
    const person = await newUser();
    await requestPasswordReset({ input: { email: person.email }, client: client() });
    await sendPasswordResets(getConfig());
    // Waiting for delivery: sealed, shown redacted.
    const [waiting] = (await listOutbox({ to: person.email, config: production() })).entries;
    assert.equal(waiting?.secret, "redacted");
    const [received] = await deliver(person.email, "accept");
    const token = /\/set-password\?token=([A-Za-z0-9_-]{43})/.exec(String(received?.html))?.[1];
    assert.ok(token, "the delivered mail carries the link");
    assert.ok(String(received?.text).includes(`/set-password?token=${token}`));
    const row = await storedRow(person.email);
    assert.equal(row.status, "sent");
    assert.equal(row.secretSealed, null);
    assert.ok(!JSON.stringify(row).includes(token), "nothing in the row holds the token");
    for (const config of [production(), getConfig()]) {
      const [shown] = (await listOutbox({ to: person.email, config })).entries;
      assert.equal(shown?.secret, "erased");
      assert.ok(!JSON.stringify(shown).includes(token), `the ${config.environment} outbox does not show it`);
      assert.match(
        shown.body,
        /Choose a new password: https:\/\/app\.tokenrail\.test\/set-password\?token=\[redacted\]/,
      );
      assert.match(shown.html ?? "", /token=\[redacted\]/);
    }
  });

  it("C54 in production a code whose delivery fails after its last attempt is erased and cannot be sent again", async () => {
    const email = `failing-${stamp()}@example.com`;
    await signUp({ input: { email, password: "correct horse battery" }, client: client(), config: getConfig() });
    const code = await sandboxSecret(email);
    let at = new Date();
    for (let attempt = 1; attempt <= MAX_PERMANENT_ATTEMPTS; attempt++) {
      await deliver(email, { refuse: "550 5.1.1 No such mailbox" }, { at });
      const row = await storedRow(email);
      assert.equal(row.status, attempt < MAX_PERMANENT_ATTEMPTS ? "queued" : "failed");
      assert.equal(row.secretSealed === null, attempt === MAX_PERMANENT_ATTEMPTS, "kept while attempts remain");
      at = new Date(row.nextAttemptAt.getTime() + 1);
    }
    const row = await storedRow(email);
    assert.ok(!JSON.stringify(row).includes(code));
    const [shown] = (await listOutbox({ to: email, config: production() })).entries;
    assert.equal(shown?.secret, "erased");
    assert.equal(shown.content.code, "[redacted]");
    await assert.rejects(
      sendMailAgain({ id: row.id, operator: { userId: randomUUID() } }),
      (e: unknown) => e instanceof AppError && e.code === "CONFLICT" && /erased/.test(e.message),
    );
  });

  it("C54 an uncertain mail keeps its secret sealed: sent again by an operator, it arrives with the same working code", async () => {
    const email = `uncertain-${stamp()}@example.com`;
    await signUp({ input: { email, password: "correct horse battery" }, client: client(), config: getConfig() });
    const code = await sandboxSecret(email);
    await deliver(email, "stall-after-data", { timeoutMs: 600 });
    const uncertain = await storedRow(email);
    assert.equal(uncertain.status, "uncertain");
    assert.ok(uncertain.secretSealed);
    const operator = await newUser();
    await sendMailAgain({ id: uncertain.id, operator: { userId: operator.id } });
    const [received] = await deliver(email, "accept");
    assert.match(String(received?.text), new RegExp(`^${code}$`, "m"));
    const sent = await storedRow(email);
    assert.equal(sent.status, "sent");
    assert.equal(sent.secretSealed, null);
  });
});
