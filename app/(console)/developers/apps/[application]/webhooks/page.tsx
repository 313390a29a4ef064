import { webhooksPortalCopy as copy } from "@/components/copy/webhooks-portal";
import { CreateEndpointForm } from "@/components/webhooks-portal/create-endpoint-form";
import { EndpointCard } from "@/components/webhooks-portal/endpoint-card";
import { WebhooksHeader } from "@/components/webhooks-portal/webhooks-header";
import { getConfig } from "@/server/config";
import { demoReceiverUrl } from "@/server/instance/demo-receiver";
import { listSubscriptions } from "@/server/webhooks/manage-subscriptions";
import { webhookPortalAccess } from "./portal-access";

export const dynamic = "force-dynamic";

/** The application's webhook endpoints: add one (secret shown once), change its events, switch it off, delete it. */
export default async function WebhooksPage(props: { params: Promise<{ application: string }> }) {
  const { app, caller } = await webhookPortalAccess((await props.params).application);
  const { subscriptions } = await listSubscriptions({ caller });
  return (
    <main>
      <WebhooksHeader application={app} />
      <h1>{copy.title}</h1>
      <p className="muted">{copy.intro}</p>
      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading" className="visually-hidden">
          {copy.table.caption}
        </h2>
        {subscriptions.length === 0 ? (
          <div className="card empty webhooks-empty">
            <h3>{copy.empty.heading}</h3>
            {copy.empty.body.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        ) : (
          subscriptions.map((s) => <EndpointCard key={s.id} application={app.id} subscription={s} />)
        )}
      </section>
      <CreateEndpointForm application={app.id} demoReceiver={demoReceiverUrl(getConfig())} />
    </main>
  );
}
