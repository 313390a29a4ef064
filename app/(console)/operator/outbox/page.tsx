import { operatorCopy } from "@/components/copy/operator";
import { listOutbox } from "@/server/outbox/list-outbox";
import { MAX_EMAIL } from "@/server/limits";

export const dynamic = "force-dynamic";

/** The operator reads the mail the instance would have sent (no mail server is attached), all or one address's. */
export default async function OutboxPage(props: { searchParams: Promise<{ to?: string | string[] }> }) {
  const { to } = await props.searchParams;
  const messages = await listOutbox(typeof to === "string" && to.length <= MAX_EMAIL ? { to } : {});
  return (
    <main>
      <h1>{operatorCopy.outbox.title}</h1>
      {messages.length === 0 ? (
        <p className="card empty">{operatorCopy.outbox.empty}</p>
      ) : (
        messages.map((m) => (
          <article className="card" key={m.id} aria-label={`Message to ${m.to}`}>
            <p>
              <strong>To:</strong> {m.to} · <strong>Subject:</strong> {m.subject} ·{" "}
              <time dateTime={m.createdAt.toISOString()}>{m.createdAt.toISOString()}</time>
            </p>
            <pre className="mail">{m.body}</pre>
          </article>
        ))
      )}
    </main>
  );
}
