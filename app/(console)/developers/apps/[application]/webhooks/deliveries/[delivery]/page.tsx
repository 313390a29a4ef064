import Link from "next/link";
import { notFound } from "next/navigation";
import { webhooksPortalCopy as copy } from "@/components/copy/webhooks-portal";
import { DeliveryStateBadge } from "@/components/webhooks-portal/delivery-state-badge";
import { ResendButton } from "@/components/webhooks-portal/resend-button";
import { WebhooksHeader } from "@/components/webhooks-portal/webhooks-header";
import { isAppError } from "@/server/errors";
import { applicationDelivery } from "@/server/webhooks/application-delivery";
import { webhookPortalAccess } from "../../portal-access";
import { LongValue } from "@/components/layout/long-value";
import { TableScroll } from "@/components/layout/table-scroll";

export const dynamic = "force-dynamic";

const when = (iso: string) => iso.replace("T", " ").replace("Z", " UTC");

function pretty(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/** One delivery: the event it carries, its body, every attempt with what the endpoint answered, and "Resend". */
export default async function DeliveryPage(props: { params: Promise<{ application: string; delivery: string }> }) {
  const params = await props.params;
  const { app, caller } = await webhookPortalAccess(params.application);
  const delivery = await applicationDelivery({ caller, deliveryId: params.delivery }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const d = copy.detail;
  return (
    <main>
      <WebhooksHeader application={app} />
      <p>
        <Link href={`/developers/apps/${app.id}/webhooks/deliveries`}>{d.back}</Link>
      </p>
      <h1>{d.title(delivery.type)}</h1>
      <section className="card" aria-labelledby="delivery-facts">
        <h2 id="delivery-facts" className="visually-hidden">
          {d.facts}
        </h2>
        <dl className="facts">
          <dt>{d.id}</dt>
          <dd>
            <LongValue value={delivery.id} label={d.id} />
          </dd>
          <dt>{d.eventId}</dt>
          <dd>
            <LongValue value={delivery.eventId} label={d.eventId} />
          </dd>
          <dt>{d.type}</dt>
          <dd>
            <code>{delivery.type}</code>
          </dd>
          <dt>{d.endpoint}</dt>
          <dd className="log-url">{delivery.subscription.url}</dd>
          <dt>{d.state}</dt>
          <dd>
            <DeliveryStateBadge state={delivery.state} />
          </dd>
          <dt>{d.createdAt}</dt>
          <dd>
            <time dateTime={delivery.createdAt}>{when(delivery.createdAt)}</time>
          </dd>
          {delivery.deliveredAt ? (
            <>
              <dt>{d.deliveredAt}</dt>
              <dd>
                <time dateTime={delivery.deliveredAt}>{when(delivery.deliveredAt)}</time>
              </dd>
            </>
          ) : null}
          {delivery.nextAttemptAt ? (
            <>
              <dt>{d.nextAttemptAt}</dt>
              <dd>
                <time dateTime={delivery.nextAttemptAt}>{when(delivery.nextAttemptAt)}</time>
              </dd>
            </>
          ) : null}
        </dl>
        <ResendButton application={app.id} delivery={delivery.id} attempts={delivery.attemptLog.length} />
      </section>

      <section aria-labelledby="attempts-heading">
        <h2 id="attempts-heading">{d.attempts}</h2>
        {delivery.attemptLog.length === 0 ? (
          <p className="card empty">{d.none}</p>
        ) : (
          <TableScroll label={d.attemptsCaption}>
            <table className="data-table attempts">
              <caption className="visually-hidden">{d.attemptsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{d.number}</th>
                  <th scope="col">{d.at}</th>
                  <th scope="col">{d.status}</th>
                  <th scope="col">{d.duration}</th>
                  <th scope="col">{d.response}</th>
                  <th scope="col">{d.error}</th>
                </tr>
              </thead>
              <tbody>
                {delivery.attemptLog.map((a) => (
                  <tr key={a.number}>
                    <td>{a.number}</td>
                    <td>
                      <time dateTime={a.at}>{when(a.at)}</time>
                    </td>
                    <td>{a.responseStatus ?? "—"}</td>
                    <td>{d.durationMs(a.latencyMs)}</td>
                    <td>{a.responseBody ? <pre className="excerpt">{a.responseBody}</pre> : "—"}</td>
                    <td>{a.error ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      <section aria-labelledby="payload-heading">
        <h2 id="payload-heading">{d.payload}</h2>
        <pre className="payload" tabIndex={0} aria-labelledby="payload-heading">
          {pretty(delivery.payload)}
        </pre>
      </section>
    </main>
  );
}
