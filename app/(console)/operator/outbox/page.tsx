import Link from "next/link";
import { operatorCopy } from "@/components/copy/operator";
import { operatorPage } from "@/app/(console)/operator/operator-page";
import { renderMail } from "@/components/mail/render-mail";
import { MailPreview } from "@/components/operator/mail-preview";
import { listOutbox, type OutboxEntry } from "@/server/outbox/list-outbox";
import { sendAgainAction } from "./actions";

export const dynamic = "force-dynamic";

const copy = operatorCopy.outbox;

/**
 * The mail the instance sends, newest first: each with its delivery (status, attempts, the last error, when it was
 * sent) and its rendering. In the sandbox without a mail server this is the mailbox: mail is kept here. Links and
 * codes that grant access come redacted in production (server/outbox/show-secret.ts).
 */
async function OutboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const query = await searchParams;
  const to = typeof query.to === "string" ? query.to.slice(0, 320) : "";
  const page = Number(typeof query.page === "string" ? query.page : 1) || 1;
  const outbox = await listOutbox({ to: to || undefined, page });
  const pageLink = (n: number) => `/operator/outbox?${new URLSearchParams({ ...(to ? { to } : {}), page: String(n) })}`;
  return (
    <main>
      <h1>{copy.title}</h1>
      <p>{outbox.delivering ? copy.delivering : copy.sandboxMailbox}</p>
      <form method="get" action="/operator/outbox" role="search" className="card">
        <label htmlFor="outbox-to">{copy.filterLabel}</label>{" "}
        <input id="outbox-to" name="to" type="email" defaultValue={to} maxLength={320} />{" "}
        <button type="submit">{copy.filter}</button>
        {to ? <Link href="/operator/outbox"> {copy.clearFilter}</Link> : null}
      </form>
      {outbox.entries.length === 0 ? (
        <p className="card empty">{copy.empty}</p>
      ) : (
        outbox.entries.map((m) => <OutboxMessage key={m.id} message={m} />)
      )}
      {outbox.pages > 1 ? (
        <nav aria-label={copy.pagination}>
          {outbox.page > 1 ? <Link href={pageLink(outbox.page - 1)}>{copy.newer}</Link> : null}{" "}
          <span>{copy.pageOf(outbox.page, outbox.pages)}</span>{" "}
          {outbox.page < outbox.pages ? <Link href={pageLink(outbox.page + 1)}>{copy.older}</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}

async function OutboxMessage({ message: m }: { message: OutboxEntry }) {
  const html = m.html ?? (await renderMail(m.content, m.brand)).html;
  return (
    <article className="card" aria-label={`Message to ${m.to}`}>
      <p>
        <strong>To:</strong> {m.to} · <strong>Subject:</strong> {m.subject} ·{" "}
        <time dateTime={m.createdAt.toISOString()}>{m.createdAt.toISOString()}</time>
      </p>
      <dl className="mail-delivery">
        <dt>{copy.kind}</dt>
        <dd>{m.kind}</dd>
        <dt>{copy.status}</dt>
        <dd data-status={m.status}>{copy.statuses[m.status]}</dd>
        <dt>{copy.attempts}</dt>
        <dd>{m.attempts}</dd>
        {m.sentAt ? (
          <>
            <dt>{copy.sentAt}</dt>
            <dd>
              <time dateTime={m.sentAt.toISOString()}>{m.sentAt.toISOString()}</time>
            </dd>
          </>
        ) : null}
        {m.status === "queued" && m.attempts > 0 ? (
          <>
            <dt>{copy.nextAttempt}</dt>
            <dd>
              <time dateTime={m.nextAttemptAt.toISOString()}>{m.nextAttemptAt.toISOString()}</time>
            </dd>
          </>
        ) : null}
        {m.secret !== "none" ? (
          <>
            <dt>{copy.secret}</dt>
            <dd data-secret={m.secret}>{copy.secrets[m.secret]}</dd>
          </>
        ) : null}
        {m.lastError ? (
          <>
            <dt>{copy.lastError}</dt>
            <dd>{m.lastError}</dd>
          </>
        ) : null}
      </dl>
      {(m.status === "failed" || m.status === "uncertain") && m.secret !== "erased" ? (
        <form action={sendAgainAction}>
          <input type="hidden" name="id" value={m.id} />
          <button type="submit">{copy.sendAgain}</button>{" "}
          <small>{m.status === "uncertain" ? copy.sendAgainUncertain : copy.sendAgainFailed}</small>
        </form>
      ) : null}
      <pre className="mail">{m.body}</pre>
      <MailPreview html={html} label={copy.showHtml} title={`${copy.htmlOf} ${m.subject}`} />
    </article>
  );
}

export default operatorPage("admin", OutboxPage);
