import { getConfig, type Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { MailStatus } from "../generated/prisma/client.ts";
import type { MailContent } from "../mail/enqueue-mail.ts";
import { brandOf, type MailBrand } from "../mail/mail-renderer.ts";
import { showSecret, type SecretShown } from "./show-secret.ts";
import { openMailTo, openedMail, whereMailTo } from "../mail/mail-columns.ts";

export type OutboxEntry = {
  id: string;
  to: string;
  subject: string;
  body: string;
  kind: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  nextAttemptAt: Date;
  createdAt: Date;
  messageId: string;
  /** The HTML as sent; for mail not sent (yet), the screen renders `content` with `brand`. */
  html: string | null;
  content: MailContent;
  brand?: MailBrand;
  /** Whether the mail has a secret and how it is shown: in the sandbox while kept, in production never. */
  secret: SecretShown;
};

export const OUTBOX_PAGE_SIZE = 20;

/**
 * A page of the outbox, newest first, for the operator (optionally to one address), with how many pages there are,
 * and whether mail is delivered at all (`delivering`: a mail server is attached; otherwise the sandbox keeps it).
 * A mail's secret (link, code) is shown only in the sandbox; production shows it redacted (server/outbox/show-secret.ts).
 */
export async function listOutbox(
  options: { to?: string; page?: number; pageSize?: number; config?: Config } = {},
): Promise<{ entries: OutboxEntry[]; page: number; pages: number; total: number; delivering: boolean }> {
  const prisma = await db();
  const pageSize = options.pageSize ?? OUTBOX_PAGE_SIZE;
  const where = options.to ? whereMailTo(options.to) : {};
  const total = await prisma.outboxMessage.count({ where });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
  const rows = await prisma.outboxMessage.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * pageSize,
    take: pageSize,
  });
  const applicationIds = [...new Set(rows.flatMap((r) => (r.applicationId ? [r.applicationId] : [])))];
  const applications = await prisma.application.findMany({
    where: { id: { in: applicationIds } },
    select: { id: true, name: true, logoFileId: true },
  });
  const config = options.config ?? getConfig();
  const { appUrl, mail } = config;
  const entries = rows.map((row): OutboxEntry => {
    const application = applications.find((a) => a.id === row.applicationId);
    const brand = brandOf(appUrl, application);
    const opened = openedMail<MailContent>(row);
    const content = opened.content ?? { subject: row.subject, paragraphs: [opened.body] };
    return showSecret(config, row, {
      id: row.id,
      to: openMailTo(row.to),
      subject: row.subject,
      body: opened.body,
      kind: row.kind,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      sentAt: row.sentAt,
      nextAttemptAt: row.nextAttemptAt,
      createdAt: row.createdAt,
      messageId: row.messageId,
      html: opened.html,
      content,
      ...(brand ? { brand } : {}),
    });
  });
  return { entries, page, pages, total, delivering: mail.smtpUrl !== undefined };
}
