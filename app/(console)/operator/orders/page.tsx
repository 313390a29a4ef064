import Link from "next/link";
import { operatorCopy } from "@/components/copy/operator";
import { OrdersQueue } from "@/components/operator/orders-queue";
import { awaitingApproval } from "@/server/approvals/list-approvals";
import { isAppError } from "@/server/errors";
import { operatorOrderQueue } from "@/server/orders/operator-order-queue";
import { operatorQueueQuery, QUEUE_FILTERS, type OperatorQueueQuery } from "@/server/orders/operator-queue.schemas";
import { ORDER_KINDS } from "@/server/orders/order.schemas";
import { operatorPage } from "@/app/(console)/operator/operator-page";

export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

const text = operatorCopy.orders;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

/** The query the page was asked for; a field that does not parse is named and left out (its default applies). */
function readQuery(params: SearchParams): { query: OperatorQueueQuery; fields: Record<string, string> } {
  const raw: Record<string, string | undefined> = {
    filter: one(params.filter),
    kind: one(params.kind),
    profile: one(params.profile),
    sort: one(params.sort),
    cursor: one(params.cursor),
  };
  const first = operatorQueueQuery.safeParse(raw);
  if (first.success) return { query: first.data, fields: {} };
  const fields: Record<string, string> = {};
  for (const issue of first.error.issues) {
    const key = String(issue.path[0]);
    fields[key] ??= issue.message;
    raw[key] = undefined;
  }
  return { query: operatorQueueQuery.parse(raw), fields };
}

/** The queue; a cursor the queue refuses (from an old link) shows the first page instead, and says so. */
async function loadQueue(query: OperatorQueueQuery) {
  try {
    return { ...(await operatorOrderQueue({ query })), cursorRefused: false };
  } catch (error) {
    if (!isAppError(error) || !error.fields?.cursor) throw error;
    return { ...(await operatorOrderQueue({ query: { ...query, cursor: undefined } })), cursorRefused: true };
  }
}

function pageHref(query: OperatorQueueQuery, cursor?: string): string {
  const search = new URLSearchParams({ filter: query.filter, sort: query.sort });
  if (query.kind) search.set("kind", query.kind);
  if (query.profile) search.set("profile", query.profile);
  if (cursor) search.set("cursor", cursor);
  return `/operator/orders?${search.toString()}`;
}

/** The operator's order queue: signed redeem orders awaiting a decision by default, filterable, a page at a time. */
async function OperatorOrdersPage(props: { searchParams: Promise<SearchParams> }) {
  const params = await props.searchParams;
  const { query, fields } = readQuery(params);
  const queue = await loadQueue(query);
  const badCursor = queue.cursorRefused;
  const shownFrom = badCursor ? undefined : query.cursor;
  const awaiting = await awaitingApproval(
    "order",
    queue.orders.map((o) => o.id),
  );
  return (
    <main>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      <form className="card filters" method="get" action="/operator/orders" aria-label={text.filters}>
        <div className="field">
          <label htmlFor="filter">{text.filter}</label>
          <select id="filter" name="filter" defaultValue={query.filter}>
            {QUEUE_FILTERS.map((f) => (
              <option key={f} value={f}>
                {text.filterOptions[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="kind">{text.kind}</label>
          <select id="kind" name="kind" defaultValue={query.kind ?? ""}>
            <option value="">{text.anyKind}</option>
            {ORDER_KINDS.map((k) => (
              <option key={k} value={k}>
                {text.kinds[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="profile">{text.profile}</label>
          <input
            id="profile"
            name="profile"
            defaultValue={query.profile ?? one(params.profile) ?? ""}
            aria-invalid={fields.profile ? true : undefined}
            aria-describedby={fields.profile ? "profile-error" : undefined}
            autoComplete="off"
          />
          {fields.profile ? (
            <p className="field-error" id="profile-error" role="alert">
              {fields.profile}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="sort">{text.sort}</label>
          <select id="sort" name="sort" defaultValue={query.sort}>
            <option value="oldest">{text.sortOptions.oldest}</option>
            <option value="newest">{text.sortOptions.newest}</option>
          </select>
        </div>
        <button type="submit">{text.apply}</button>
      </form>
      {badCursor || fields.cursor ? (
        <p className="notice" role="status">
          {text.badCursor}
        </p>
      ) : null}
      {queue.orders.length === 0 ? (
        <p className="card empty">{text.empty}</p>
      ) : (
        <OrdersQueue key={pageHref(query, shownFrom)} orders={queue.orders} awaiting={[...awaiting]} />
      )}
      <nav className="pager" aria-label={text.pages}>
        {shownFrom ? <Link href={pageHref(query)}>{text.firstPage}</Link> : null}
        {queue.nextCursor ? <Link href={pageHref(query, queue.nextCursor)}>{text.nextPage}</Link> : null}
      </nav>
    </main>
  );
}

export default operatorPage("treasurer", OperatorOrdersPage);
