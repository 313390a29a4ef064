import Link from "next/link";
import { webhooksPortalCopy as copy } from "@/components/copy/webhooks-portal";
import { DeliveryStateBadge } from "@/components/webhooks-portal/delivery-state-badge";
import { WebhooksHeader } from "@/components/webhooks-portal/webhooks-header";
import { listApplicationDeliveries, deliveryLogFilter } from "@/server/webhooks/list-application-deliveries";
import { listSubscriptions } from "@/server/webhooks/manage-subscriptions";
import { WEBHOOK_EVENT_TYPES } from "@/server/webhooks/webhook.schemas";
import { webhookPortalAccess } from "../portal-access";
import { LongValue } from "@/components/layout/long-value";
import { TableScroll } from "@/components/layout/table-scroll";

export const dynamic = "force-dynamic";

type Query = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/** The delivery log across the application's endpoints, newest first: filters by endpoint, event and state, pages. */
export default async function DeliveriesPage(props: {
  params: Promise<{ application: string }>;
  searchParams: Promise<Query>;
}) {
  const { app, caller } = await webhookPortalAccess((await props.params).application);
  const query = await props.searchParams;
  const filter = deliveryLogFilter.parse({
    subscription: first(query.subscription),
    type: first(query.type),
    state: first(query.state),
    page: first(query.page),
  });
  const [{ subscriptions }, log] = await Promise.all([
    listSubscriptions({ caller }),
    listApplicationDeliveries({ caller, filter }),
  ]);
  const base = `/developers/apps/${app.id}/webhooks/deliveries`;
  const filtered = Boolean(filter.subscription || filter.type || filter.state);
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    if (filter.subscription) params.set("subscription", filter.subscription);
    if (filter.type) params.set("type", filter.type);
    if (filter.state) params.set("state", filter.state);
    if (page > 1) params.set("page", String(page));
    return params.size ? `${base}?${params}` : base;
  };
  const l = copy.log;

  return (
    <main>
      <WebhooksHeader application={app} />
      <h1>{l.title}</h1>
      <p className="muted">{l.intro}</p>
      <form method="get" action={base} className="card log-filters" aria-label={l.filters}>
        <div className="field">
          <label htmlFor="filter-subscription">{l.subscription}</label>
          <select id="filter-subscription" name="subscription" defaultValue={filter.subscription ?? ""}>
            <option value="">{l.any}</option>
            {subscriptions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.url}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-type">{l.type}</label>
          <select id="filter-type" name="type" defaultValue={filter.type ?? ""}>
            <option value="">{l.any}</option>
            {WEBHOOK_EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-state">{l.state}</label>
          <select id="filter-state" name="state" defaultValue={filter.state ?? ""}>
            <option value="">{l.any}</option>
            {(["pending", "delivered", "failed"] as const).map((s) => (
              <option key={s} value={s}>
                {copy.deliveryStates[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="actions">
          <button type="submit" className="primary">
            {l.apply}
          </button>
          {filtered ? <Link href={base}>{l.clear}</Link> : null}
        </div>
      </form>

      {log.deliveries.length === 0 ? (
        <p className="card empty">{filtered ? l.emptyFiltered : l.empty}</p>
      ) : (
        <TableScroll label={l.caption}>
          <table className="data-table delivery-log">
            <caption className="visually-hidden">{l.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{l.time}</th>
                <th scope="col">{l.type}</th>
                <th scope="col">{l.subscription}</th>
                <th scope="col">{l.state}</th>
                <th scope="col">{l.attempts}</th>
                <th scope="col">{l.lastStatus}</th>
                <th scope="col">{l.id}</th>
              </tr>
            </thead>
            <tbody>
              {log.deliveries.map((d) => (
                <tr key={d.id}>
                  <td>
                    <time dateTime={d.createdAt}>{d.createdAt.replace("T", " ").replace("Z", " UTC")}</time>
                  </td>
                  <td>
                    <code>{d.type}</code>
                  </td>
                  <td className="log-url">{d.subscription.url}</td>
                  <td>
                    <DeliveryStateBadge state={d.state} />
                  </td>
                  <td>{d.attempts}</td>
                  <td>{d.lastAttempt ? (d.lastAttempt.responseStatus ?? l.noAnswer) : "—"}</td>
                  <td>
                    <Link href={`${base}/${encodeURIComponent(d.id)}`}>
                      <LongValue value={d.id} label={l.id} copy={false} />
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav className="pager" aria-label={l.pagination}>
        {log.page > 1 ? <Link href={pageHref(log.page - 1)}>{l.previous}</Link> : <span />}
        <span>{l.page(log.page, log.pages, log.total)}</span>
        {log.page < log.pages ? <Link href={pageHref(log.page + 1)}>{l.next}</Link> : <span />}
      </nav>
    </main>
  );
}
