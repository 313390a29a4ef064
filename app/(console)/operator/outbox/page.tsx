import { redirect } from "next/navigation";
import { auth } from "@/app/auth";
import { listOutbox } from "@/server/outbox/list-outbox";
import { isOperator } from "@/server/users/is-operator";

export const dynamic = "force-dynamic";

/** The operator reads the mail the instance would have sent (no mail server is attached). */
export default async function OutboxPage() {
  const session = await auth();
  if (!session?.user?.id) redirect("/sign-in?next=/operator/outbox");
  if (!(await isOperator(session.user.id))) {
    return (
      <main className="shell">
        <h1>Operators only</h1>
        <p role="alert">Signed in as {session.user.email}, who is not an operator.</p>
      </main>
    );
  }
  const messages = await listOutbox();
  return (
    <main className="shell">
      <p className="brand">Tokenrail · Operator</p>
      <h1>Outbox</h1>
      {messages.length === 0 ? (
        <p className="card">No messages yet. Set-password links appear here when applications sign people up.</p>
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
