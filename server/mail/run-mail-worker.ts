import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { ClaimHolder } from "../db/claim-holder.ts";
import { claimHolder, db } from "../db/client.ts";
import { Prisma, type PrismaClient } from "../generated/prisma/client.ts";
import { logger } from "../logging/logger.ts";
import { claimDueMail, markOrphansUncertain, releaseUnsentMail, type ClaimedMail } from "./claim-mail.ts";
import type { MailContent } from "./enqueue-mail.ts";
import { sealedHtml } from "./mail-columns.ts";
import { brandOf, type MailRenderer } from "./mail-renderer.ts";
import { nextMailAttemptAt } from "./mail-schedule.ts";
import { carriesMark, fillSecret, openMailSecret, outboxShowsSecrets } from "./mail-secret.ts";
import { sendMail, type SendOutcome } from "./send-mail.ts";
import { inSpan, SpanKind, SpanStatusCode } from "../telemetry/tracing.ts";

/** Mails claimed at a time; sent side by side. */
export const MAIL_BATCH = 5;

/** What the worker needs of the configuration. */
export type MailWorkerConfig = Pick<Config, "appUrl" | "secret" | "environment"> & { mail: Config["mail"] };

/**
 * One run of the mail worker (every instance with a mail server, whenever it is woken and at each poll): mail left in
 * `sending` by a sender that is gone becomes `uncertain` (never sent again blindly), then due mail is claimed a batch
 * at a time (committed as `sending` before the server is spoken to) and sent, until none is due. Each attempt ends in
 * `sent`; `queued` again for a later attempt (a refusal, with the schedule's wait); `failed` after the last one; or
 * `uncertain` when the conversation broke once the server had the message. Once `stopping` says so, no more is
 * claimed, and what was claimed but not yet sent is put back.
 */
export async function runMailWorker(options: {
  config: MailWorkerConfig;
  render: MailRenderer;
  clock?: Clock;
  holder?: ClaimHolder;
  prisma?: PrismaClient;
  batch?: number;
  stopping?: () => boolean;
  random?: () => number;
}): Promise<{ sent: number; failed: number; retried: number; uncertain: number }> {
  const { config, render, clock = serverClock, stopping = () => false, batch = MAIL_BATCH } = options;
  const prisma = options.prisma ?? (await db());
  const holder = options.holder ?? (await claimHolder());
  const tally = { sent: 0, failed: 0, retried: 0, uncertain: 0 };
  const smtpUrl = config.mail.smtpUrl;
  tally.uncertain += await markOrphansUncertain(prisma, clock());
  if (!smtpUrl) return tally;
  for (;;) {
    const me = holder.current();
    if (me === undefined || stopping()) return tally;
    const now = clock();
    // The claim outlasts an attempt (connecting, greeting, each reply) with room to spare.
    const holdUntil = new Date(now.getTime() + 4 * config.mail.timeoutMs + 60_000);
    const claimed = await claimDueMail(prisma, { now, batch, holder: me, holdUntil });
    if (claimed.length === 0) return tally;
    await Promise.all(
      claimed.map(async (mail) => {
        // A holder that lost its number sends nothing under it: the mail goes back to the queue.
        if (stopping() || !holder.holds(mail.claimedBy)) return releaseUnsentMail(prisma, [mail]);
        const outcome = await attempt(mail, config, smtpUrl, render);
        const status = await record(prisma, mail, outcome, { now: clock(), config, random: options.random });
        tally[status === "queued" ? "retried" : status]++;
      }),
    );
  }
}

async function attempt(
  mail: ClaimedMail,
  config: MailWorkerConfig,
  smtpUrl: string,
  render: MailRenderer,
): Promise<SendOutcome & { html?: string }> {
  const content: MailContent = mail.content ?? { subject: mail.subject, paragraphs: [mail.body] };
  const brand = mail.applicationName
    ? brandOf(config.appUrl, { id: mail.applicationId!, name: mail.applicationName, logoFileId: mail.logoFileId })
    : undefined;
  const secret = carriesMark(content) ? revealed(mail, config) : null;
  if (secret === undefined) {
    return {
      kind: "refused",
      refusal: "permanent",
      reason: "the mail's link or code is no longer kept: ask for a new one",
    };
  }
  let rendered: { html: string; text: string };
  // What is kept is the HTML with the secret's mark, never with the secret.
  let kept: string;
  try {
    rendered = await render(secret === null ? content : fillSecret(content, secret), brand);
    kept = secret === null ? rendered.html : (await render(content, brand)).html;
  } catch (error) {
    logger().error({ err: error, mail: mail.id }, "a mail could not be rendered");
    return { kind: "refused", refusal: "permanent", reason: `the mail could not be rendered: ${String(error)}` };
  }
  const outcome = await inSpan("mail send", { kind: SpanKind.CLIENT }, async (span) => {
    const sent = await sendMail({
      smtpUrl,
      from: config.mail.from,
      timeoutMs: config.mail.timeoutMs,
      mail: { to: mail.to, subject: mail.subject, text: rendered.text, html: rendered.html, messageId: mail.messageId },
    });
    if (span.isRecording()) {
      span.setAttributes({ "tokenrail.mail.id": mail.id, "tokenrail.mail.outcome": sent.kind });
      if (sent.kind !== "sent") span.setStatus({ code: SpanStatusCode.ERROR });
    }
    return sent;
  });
  return { ...outcome, html: kept };
}

/** The mail's secret, opened; undefined when it is gone (erased, or sealed under another instance secret). */
function revealed(mail: ClaimedMail, config: MailWorkerConfig): string | undefined {
  return mail.secretSealed === null ? undefined : openMailSecret(mail.secretSealed, mail.messageId, config.secret);
}

/** Records an attempt's outcome, only while the mail is still this claim's (an operator may have acted meanwhile). */
async function record(
  prisma: PrismaClient,
  mail: ClaimedMail,
  outcome: SendOutcome & { html?: string },
  options: { now: Date; config: MailWorkerConfig; random?: () => number },
): Promise<"sent" | "queued" | "failed" | "uncertain"> {
  const { now, random } = options;
  const where: Prisma.OutboxMessageWhereInput = {
    id: mail.id,
    claimedBy: mail.claimedBy,
    status: { in: ["sending", "uncertain"] },
  };
  const released = {
    claimedBy: null,
    claimedUntil: null,
    html: outcome.html === undefined ? Prisma.DbNull : sealedHtml(outcome.html),
  };
  // Once delivery ends (sent, or failed for good), production keeps no secret: erased in the statement that says so.
  // An uncertain mail keeps it, sealed, for the operator who may send it again.
  const ended = outboxShowsSecrets(options.config) ? {} : { secretSealed: null };
  if (outcome.kind === "sent") {
    await prisma.outboxMessage.updateMany({ where, data: { ...released, ...ended, status: "sent", sentAt: now } });
    return "sent";
  }
  if (outcome.kind === "unknown") {
    logger().warn({ mail: mail.id, reason: outcome.reason }, "a mail may or may not have been delivered");
    const lastError = `the conversation broke after the message was sent (${outcome.reason}): it may have arrived`;
    await prisma.outboxMessage.updateMany({ where, data: { ...released, status: "uncertain", lastError } });
    return "uncertain";
  }
  const next = nextMailAttemptAt({ attempts: mail.attempts, refusal: outcome.refusal, now, random });
  const data = next
    ? { status: "queued" as const, nextAttemptAt: next, lastError: outcome.reason }
    : { status: "failed" as const, lastError: outcome.reason, ...ended };
  await prisma.outboxMessage.updateMany({ where, data: { ...released, ...data } });
  if (!next) logger().warn({ mail: mail.id, reason: outcome.reason }, "a mail could not be delivered");
  return data.status;
}
