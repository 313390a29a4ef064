import Link from "next/link";
import { SectionTabs } from "@/components/console/section-tabs";
import { webhooksPortalCopy as copy } from "@/components/copy/webhooks-portal";

/** The top of every webhook page: the way back to the application and the two webhook sections. */
export function WebhooksHeader(props: { application: { id: string; name: string } }) {
  const base = `/developers/apps/${props.application.id}/webhooks`;
  return (
    <header className="webhooks-header">
      <p>
        <Link href={`/developers/apps/${props.application.id}`}>{copy.back(props.application.name)}</Link>
      </p>
      <SectionTabs
        label={copy.sections.label}
        tabs={[
          { href: base, label: copy.sections.subscriptions, exact: true },
          { href: `${base}/deliveries`, label: copy.sections.deliveries },
        ]}
      />
    </header>
  );
}
