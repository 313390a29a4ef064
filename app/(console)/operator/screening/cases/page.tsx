import { ColumnHeads } from "@/components/console/column-heads";
import Link from "next/link";
import { screeningCopy } from "@/components/copy/screening";
import { TableScroll } from "@/components/layout/table-scroll";
import { formatWhen } from "@/components/operator/format";
import { CASE_KINDS, listCasesQuery, type ListCasesQuery } from "@/server/screening/cases/cases.schemas";
import { listCases } from "@/server/screening/cases/list-cases";
import { operatorPage } from "@/app/(console)/operator/operator-page";

export const dynamic = "force-dynamic";

const text = screeningCopy.cases;

/** The case queue (C64, C67): open cases oldest first, decided ones newest first, by state and kind. */
async function CasesPage(props: { searchParams: Promise<Record<string, string | string[]>> }) {
  const search = await props.searchParams;
  const parsed = listCasesQuery.safeParse({
    state: typeof search.state === "string" ? search.state : undefined,
    kind: typeof search.kind === "string" && search.kind !== "" ? search.kind : undefined,
    page: typeof search.page === "string" ? search.page : undefined,
  });
  const query: ListCasesQuery = parsed.success ? parsed.data : { state: "open", page: 1 };
  const { cases, page, pages } = await listCases(query);
  const href = (change: { state?: string; kind?: string | null; page?: number }) => {
    const kind = change.kind === undefined ? query.kind : change.kind;
    const search = new URLSearchParams({ state: change.state ?? query.state });
    if (kind) search.set("kind", kind);
    if (change.page) search.set("page", String(change.page));
    return `/operator/screening/cases?${search.toString()}`;
  };
  const here = (n: number) => href({ page: n });
  return (
    <main>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      <nav className="filters" aria-label={text.caption}>
        {(["open", "cleared", "confirmed"] as const).map((state) => (
          <Link key={state} href={href({ state })} aria-current={query.state === state ? "page" : undefined}>
            {text.states[state]}
          </Link>
        ))}
      </nav>
      <nav className="filters" aria-label={text.kindsCaption}>
        {([null, ...CASE_KINDS] as const).map((kind) => (
          <Link
            key={kind ?? "all"}
            href={href({ kind })}
            aria-current={(query.kind ?? null) === kind ? "page" : undefined}
          >
            {text.kinds[kind ?? "all"]}
          </Link>
        ))}
      </nav>
      {cases.length === 0 ? (
        <p className="card empty">{text.empty}</p>
      ) : (
        <TableScroll label={text.caption}>
          <table className="data-table">
            <caption className="visually-hidden">{text.caption}</caption>
            <ColumnHeads columns={text.columns} />
            <tbody>
              {cases.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link href={`/operator/screening/cases/${c.id}`}>{c.number}</Link>
                    {c.awaitingConfirmation ? <p className="badge wait">{text.awaiting}</p> : null}
                  </td>
                  <td>
                    {c.subjectName} <span className="muted">({c.subjectKind})</span>
                    {c.profileName ? <p className="muted">{c.profileName}</p> : null}
                  </td>
                  <td>
                    {c.kind === "monitoring"
                      ? c.explanation
                      : c.listSource
                        ? `${c.listSource.toUpperCase()} ${c.listRef}`
                        : "—"}
                  </td>
                  <td>{c.score === null ? "—" : c.score.toFixed(2)}</td>
                  <td>{c.holds || "—"}</td>
                  <td>
                    <time dateTime={c.createdAt}>{formatWhen(c.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label={text.pages}>
          {page > 1 ? <Link href={here(page - 1)}>{screeningCopy.version.previous}</Link> : null}{" "}
          <span>{screeningCopy.version.pageOf(page, pages)}</span>{" "}
          {page < pages ? <Link href={here(page + 1)}>{screeningCopy.version.next}</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}

export default operatorPage("compliance", CasesPage);
