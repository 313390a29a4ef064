import type { ReactNode } from "react";
import { notFound, redirect } from "next/navigation";
import { auth } from "@/app/auth";
import { SectionTabs } from "@/components/console/section-tabs";
import { operatorCopy } from "@/components/copy/operator";
import { operatorRoles } from "@/server/operators/operator-access";
import { requestedPath } from "../console-path";
import { sectionsFor } from "./operator-sections";
import "./operations.css";

/**
 * Every operator page: a visitor signs in first; a signed-in person who is not an enabled operator gets the same 404
 * as a page that does not exist (the console does not announce itself). The tabs are the sections the operator's
 * roles allow; each page checks its own role as well (`operatorPage`).
 */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const userId = (await auth())?.user?.id;
  if (!userId) redirect(`/sign-in?next=${encodeURIComponent(await requestedPath("/operator"))}`);
  const roles = await operatorRoles(userId);
  if (roles.length === 0) notFound();
  return (
    <div className="shell wide">
      <SectionTabs label={operatorCopy.sections.label} tabs={sectionsFor(roles)} />
      {children}
    </div>
  );
}
