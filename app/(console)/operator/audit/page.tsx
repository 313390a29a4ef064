import Link from "next/link";
import { operatorCopy } from "@/components/copy/operator";
import { AuditChange } from "@/components/operator/audit-change";
import { Field } from "@/components/onboarding/field";
import { when } from "@/components/operator/when";
import { listAuditQuery } from "@/server/audit/list-audit";
import { readAuditPage, type AuditPage } from "@/server/audit/read-audit-page";
import { isAppError } from "@/server/errors";
import { LongValue } from "@/components/layout/long-value";
import "../review.css";
import { TableScroll } from "@/components/layout/table-scroll";
import { operatorPage } from "@/app/(console)/operator/operator-page";

export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;

/** Where an action's subject is shown in the console, when it has a page of its own. */
function subjectHref(subject: { type: string; id: string }): string | undefined {
  if (subject.type === "profile") return `/operator/profiles/${subject.id}`;
  if (subject.type === "bank-file") return `/operator/bank/files/${subject.id}`;
  if (subject.type === "bank-entry") return "/operator/bank/exceptions?status=resolved";
  return undefined;
}

/** The audit log of operator actions, newest first, by subject and action, an "Older" page at a time. */
async function AuditPage(props: { searchParams: Promise<Search> }) {
  const text = operatorCopy.audit;
  const search = await props.searchParams;
  const raw = {
    subject: one(search.subject),
    action: one(search.action),
    limit: one(search.limit),
    cursor: one(search.cursor),
  };
  const { page, fields } = await read(raw);
  const filtered = raw.subject !== undefined || raw.action !== undefined;
  const link = (extra: Record<string, string | undefined>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...raw, cursor: undefined, ...extra })) {
      if (value !== undefined) params.set(key, value);
    }
    const query = params.toString();
    return query ? `/operator/audit?${query}` : "/operator/audit";
  };
  return (
    <main className="review">
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      <form className="audit-filters card" method="get" action="/operator/audit" aria-label={text.filters}>
        <Field id="audit-subject" label={text.subject} error={fields.subject}>
          <input
            id="audit-subject"
            name="subject"
            defaultValue={raw.subject}
            aria-invalid={!!fields.subject}
            aria-describedby="audit-subject-hint"
            spellCheck={false}
          />
          <small id="audit-subject-hint" className="muted">
            {text.subjectHint}
          </small>
        </Field>
        <Field id="audit-action" label={text.action} error={fields.action}>
          <select id="audit-action" name="action" defaultValue={raw.action ?? ""}>
            <option value="">{text.anyAction}</option>
            {Object.entries(text.actions).map(([action, label]) => (
              <option key={action} value={action}>
                {label} ({action})
              </option>
            ))}
          </select>
        </Field>
        {raw.limit !== undefined ? <input type="hidden" name="limit" value={raw.limit} /> : null}
        <div className="field">
          <button type="submit" className="primary">
            {text.apply}
          </button>
        </div>
        {filtered ? (
          <div className="field">
            <Link href="/operator/audit">{text.clear}</Link>
          </div>
        ) : null}
      </form>
      {fields.limit || fields.cursor ? (
        <p className="form-error" role="alert">
          {fields.limit ?? fields.cursor}
        </p>
      ) : null}

      {!page ? null : page.entries.length === 0 ? (
        <p className="card empty">{filtered ? text.emptyFiltered : text.empty}</p>
      ) : (
        <TableScroll label={text.caption}>
          <table className="data-table">
            <caption className="visually-hidden">{text.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.columns.at}</th>
                <th scope="col">{text.columns.actor}</th>
                <th scope="col">{text.columns.action}</th>
                <th scope="col">{text.columns.subject}</th>
                <th scope="col">{text.columns.reason}</th>
                <th scope="col">{text.columns.change}</th>
              </tr>
            </thead>
            <tbody>
              {page.entries.map((entry) => (
                <tr key={entry.id} data-action={entry.action}>
                  <td>
                    <time dateTime={entry.at}>{when(entry.at)}</time>
                  </td>
                  <td>
                    <LongValue value={entry.actor.email} label={text.columns.actor} plain copy={false} />
                  </td>
                  <td>
                    {text.actions[entry.action] ?? entry.action}
                    <br />
                    <code className="muted id">{entry.action}</code>
                  </td>
                  <td>
                    {subjectHref(entry.subject) ? (
                      <Link href={subjectHref(entry.subject)!}>{entry.subject.type}</Link>
                    ) : (
                      entry.subject.type
                    )}
                    <br />
                    <Link className="id" href={link({ subject: entry.subject.id })}>
                      <LongValue value={entry.subject.id} label={text.subject} copy={false} />
                    </Link>
                  </td>
                  <td>{entry.reason ?? <span className="muted">{text.nothing}</span>}</td>
                  <td>
                    <AuditChange before={entry.before} after={entry.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {page && (page.nextCursor !== undefined || raw.cursor !== undefined) ? (
        <nav className="pager" aria-label={text.pagination}>
          {raw.cursor !== undefined ? <Link href={link({})}>{text.newest}</Link> : null}
          {page.nextCursor !== undefined ? <Link href={link({ cursor: page.nextCursor })}>{text.older}</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}

/** The page asked for, or the problems with the filters, keyed by field (the admin API's checks). */
async function read(
  raw: Record<string, string | undefined>,
): Promise<{ page?: AuditPage; fields: Record<string, string> }> {
  const query = listAuditQuery.safeParse(raw);
  if (!query.success) {
    return { fields: Object.fromEntries(query.error.issues.map((i) => [String(i.path[0]), i.message])) };
  }
  try {
    return { page: await readAuditPage(query.data), fields: {} };
  } catch (error) {
    if (isAppError(error) && error.fields) return { fields: error.fields };
    throw error;
  }
}

/** A search parameter given once and not empty (an empty filter field means no filter). */
function one(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first.trim() : undefined;
}

export default operatorPage("admin", AuditPage);
