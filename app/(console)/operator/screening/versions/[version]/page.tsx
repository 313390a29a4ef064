import Link from "next/link";
import { notFound } from "next/navigation";
import { screeningCopy } from "@/components/copy/screening";
import { EntryChanges } from "@/components/screening/entry-changes";
import { isAppError } from "@/server/errors";
import { LIST_NAMES } from "@/server/screening/lists/list-names";
import { versionChanges } from "@/server/screening/lists/list-versions";
import { versionChangesQuery } from "@/server/screening/lists/lists.schemas";
import { operatorPage } from "@/app/(console)/operator/operator-page";

export const dynamic = "force-dynamic";

const text = screeningCopy.version;

/** One version of a list: what file it came from and, page by page, the entries it added, changed or removed. */
async function VersionPage(props: {
  params: Promise<{ version: string }>;
  searchParams: Promise<Record<string, string | string[]>>;
}) {
  const { version: id } = await props.params;
  const search = await props.searchParams;
  const parsed = versionChangesQuery.safeParse({
    change: typeof search.change === "string" ? search.change : undefined,
    page: typeof search.page === "string" ? search.page : undefined,
  });
  const query = parsed.success ? parsed.data : { page: 1 };
  const detail = await versionChanges(id, query).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const { version, rescreen, changes, page, pages } = detail;
  const here = (n: number) =>
    `/operator/screening/versions/${version.id}?${new URLSearchParams({ ...(query.change ? { change: query.change } : {}), page: String(n) })}`;
  return (
    <main>
      <p>
        <Link href="/operator/screening">{text.back}</Link>
      </p>
      <h1>{text.title(LIST_NAMES[version.source], version.number)}</h1>
      <p>
        {version.fileName} · {text.summary(version.added, version.changed, version.removed)}
      </p>
      <section className="card" aria-label={screeningCopy.rescreen.title}>
        <h2>{screeningCopy.rescreen.title}</h2>
        {!rescreen ? (
          <p>{screeningCopy.rescreen.none}</p>
        ) : version.added + version.changed === 0 ? (
          <p>{screeningCopy.rescreen.nothing}</p>
        ) : (
          <p role="status">
            {screeningCopy.rescreen.states[rescreen.state]} ·{" "}
            {screeningCopy.rescreen.progress(
              rescreen.profilesScreened,
              rescreen.addressesScreened,
              rescreen.casesOpened,
            )}
          </p>
        )}
      </section>
      <nav aria-label={text.filter} className="filters">
        <Link href={`/operator/screening/versions/${version.id}`} aria-current={!query.change ? "page" : undefined}>
          {text.all}
        </Link>
        {(["added", "changed", "removed"] as const).map((kind) => (
          <Link
            key={kind}
            href={`/operator/screening/versions/${version.id}?change=${kind}`}
            aria-current={query.change === kind ? "page" : undefined}
          >
            {screeningCopy.changes[kind]}
          </Link>
        ))}
      </nav>
      {changes.length === 0 ? <p className="card empty">{text.empty}</p> : <EntryChanges changes={changes} />}
      {pages > 1 ? (
        <nav className="pager" aria-label={text.pages}>
          {page > 1 ? <Link href={here(page - 1)}>{text.previous}</Link> : null} <span>{text.pageOf(page, pages)}</span>{" "}
          {page < pages ? <Link href={here(page + 1)}>{text.next}</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}

export default operatorPage("compliance", VersionPage);
