import Link from "next/link";
import { operatorCopy } from "@/components/copy/operator";
import { StateBadge } from "@/components/operator/state-badge";
import { when } from "@/components/operator/when";
import { listReviewQueue } from "@/server/profiles/list-review-queue";
import { LongValue } from "@/components/layout/long-value";
import "./review.css";
import { TableScroll } from "@/components/layout/table-scroll";
import { operatorPage } from "@/app/(console)/operator/operator-page";

export const dynamic = "force-dynamic";

/** The KYC review queue: profiles with a section awaiting review, the longest-waiting first, a page at a time. */
async function ReviewQueuePage(props: { searchParams: Promise<{ page?: string }> }) {
  const text = operatorCopy.queue;
  const requested = Number.parseInt((await props.searchParams).page ?? "1", 10);
  const queue = await listReviewQueue({ page: Number.isFinite(requested) ? requested : 1 });
  return (
    <main>
      <h1>{text.title}</h1>
      {queue.total === 0 ? (
        <p className="card empty">{text.empty}</p>
      ) : (
        <>
          <p className="muted">{text.intro(queue.total)}</p>
          <TableScroll label={text.caption}>
            <table className="data-table">
              <caption className="visually-hidden">{text.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.columns.profile}</th>
                  <th scope="col">{text.columns.kind}</th>
                  <th scope="col">{text.columns.waiting}</th>
                  <th scope="col">{text.columns.sections}</th>
                  <th scope="col">{text.columns.state}</th>
                </tr>
              </thead>
              <tbody>
                {queue.items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <Link href={`/operator/profiles/${item.id}`}>{item.name || operatorCopy.unnamed}</Link>
                      <br />
                      <LongValue className="muted id" value={item.id} label={operatorCopy.review.id} />
                    </td>
                    <td>{operatorCopy.kinds[item.kind] ?? item.kind}</td>
                    <td>
                      <time dateTime={item.waitingSince.toISOString()}>{when(item.waitingSince)}</time>
                    </td>
                    <td>{item.pending.map((s) => operatorCopy.sectionName(s.section, s.kind)).join(", ")}</td>
                    <td>
                      <StateBadge state={item.state} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {queue.pages > 1 ? (
            <nav className="pager" aria-label={text.pagination}>
              {queue.page > 1 ? <Link href={`/operator?page=${queue.page - 1}`}>{text.previous}</Link> : null}
              <span>{text.pageOf(queue.page, queue.pages)}</span>
              {queue.page < queue.pages ? <Link href={`/operator?page=${queue.page + 1}`}>{text.next}</Link> : null}
            </nav>
          ) : null}
        </>
      )}
    </main>
  );
}

export default operatorPage("reviewer", ReviewQueuePage, { landing: true });
