import type { ReactNode } from "react";
import { notFound, redirect } from "next/navigation";
import { webSession } from "@/app/auth";
import { SectionTabs } from "@/components/console/section-tabs";
import { operatorCopy } from "@/components/copy/operator";
import { isOperator } from "@/server/users/is-operator";
import { requestedPath } from "../console-path";
import "./operations.css";

/**
 * Every operator page: a visitor signs in first; a signed-in person who is not an operator gets the same 404 as a
 * page that does not exist (the console does not announce itself).
 */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const session = await webSession();
  if (!session) redirect(`/sign-in?next=${encodeURIComponent(await requestedPath("/operator"))}`);
  // An operator whose session stopped at the password is no operator here (C57).
  if (!(await isOperator(session))) notFound();
  const s = operatorCopy.sections;
  return (
    <div className="shell wide">
      <SectionTabs
        label={s.label}
        tabs={[
          { href: "/operator", label: s.review, exact: true },
          { href: "/operator/orders", label: s.orders },
          { href: "/operator/applications", label: s.applications },
          { href: "/operator/ledger", label: s.ledger },
          { href: "/operator/bank", label: s.bank },
          { href: "/operator/audit", label: s.audit },
          { href: "/operator/outbox", label: s.outbox },
          { href: "/operator/security", label: s.security },
        ]}
      />
      {children}
    </div>
  );
}
