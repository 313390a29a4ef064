import type { ReactNode } from "react";
import { notFound, redirect } from "next/navigation";
import { auth } from "@/app/auth";
import { operatorCopy } from "@/components/copy/operator";
import { operatorRoles } from "@/server/operators/operator-access";
import { allows, type RoleNeed } from "@/server/operators/operator-roles";
import { requestedPath } from "../console-path";

/**
 * Every operator page is declared with the role it needs (C58): `export default operatorPage("treasurer", Page)`.
 * The guard runs with the page itself, not only in the layout (a layout is not rendered again when the console
 * navigates between its pages). A visitor signs in first; a signed-in person who is not an enabled operator gets
 * the 404 of a page that does not exist; an operator whose roles do not cover the page is told so.
 */
export function operatorPage<P>(need: RoleNeed, Page: (props: P) => Promise<ReactNode> | ReactNode) {
  return async function OperatorPage(props: P) {
    const userId = (await auth())?.user?.id;
    if (!userId) redirect(`/sign-in?next=${encodeURIComponent(await requestedPath("/operator"))}`);
    const roles = await operatorRoles(userId);
    if (roles.length === 0) notFound();
    if (!allows(roles, need)) return <RoleRefused />;
    return Page(props);
  };
}

function RoleRefused() {
  const text = operatorCopy.roleRefused;
  return (
    <main className="role-refused">
      <h1>{text.title}</h1>
      <p className="card">{text.body}</p>
    </main>
  );
}
