import Link from "next/link";
import type { ReactNode } from "react";
import { SectionTabs } from "@/components/console/section-tabs";
import { developersCopy } from "@/components/copy/developers";
import { loadApplication } from "./load-application";

/** One application's pages, under its name and environment, with tabs for its settings, webhooks and "try it". */
export default async function ApplicationLayout(props: {
  children: ReactNode;
  params: Promise<{ application: string }>;
}) {
  const app = await loadApplication((await props.params).application);
  const base = `/developers/apps/${app.id}`;
  const t = developersCopy.tabs;
  return (
    <>
      <p className="breadcrumb">
        <Link href="/developers">{developersCopy.list.heading}</Link>
      </p>
      <h1 className="app-title">
        {app.name}{" "}
        <span className="badge" data-environment={app.environment}>
          {developersCopy.environment[app.environment] ?? app.environment}
        </span>
      </h1>
      <SectionTabs
        label={t.label}
        tabs={[
          { href: base, label: t.settings, exact: true },
          { href: `${base}/webhooks`, label: t.webhooks, exact: true },
          { href: `${base}/webhooks/deliveries`, label: t.deliveries },
          { href: `${base}/try`, label: t.tryIt },
        ]}
      />
      {props.children}
    </>
  );
}
