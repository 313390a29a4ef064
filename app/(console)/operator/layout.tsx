import type { ReactNode } from "react";
import { notFound, redirect } from "next/navigation";
import { webSession } from "@/app/auth";
import { SectionTabs } from "@/components/console/section-tabs";
import { operatorCopy } from "@/components/copy/operator";
import { operatorRoles } from "@/server/operators/operator-access";
import { openSupplyAlerts } from "@/server/reserves/supply-overview";
import { isOperator } from "@/server/users/is-operator";
import { requestedPath } from "../console-path";
import { sectionsFor } from "./operator-sections";
import "./operations.css";

/**
 * Every operator page: a visitor signs in first; a signed-in person who is not an enabled operator gets the same 404
 * as a page that does not exist (the console does not announce itself). The tabs are the sections the operator's
 * roles allow; each page checks its own role as well (`operatorPage`).
 */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const session = await webSession();
  if (!session) redirect(`/sign-in?next=${encodeURIComponent(await requestedPath("/operator"))}`);
  // An operator whose session stopped at the password is no operator here (C57).
  if (!(await isOperator(session))) notFound();
  const [roles, alerts] = await Promise.all([operatorRoles(session.userId), openSupplyAlerts()]);
  return (
    <div className="shell wide">
      <SectionTabs label={operatorCopy.sections.label} tabs={sectionsFor(roles)} />
      {/* A supply alert is every operator's business until an admin acknowledges it (C69). */}
      {alerts > 0 ? (
        <p className="form-error" role="alert" data-supply-alert>
          <a href="/operator/supply">{operatorCopy.supply.banner}</a>
        </p>
      ) : null}
      {children}
    </div>
  );
}
