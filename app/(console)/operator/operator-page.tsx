import type { ReactNode } from "react";
import { notFound, redirect } from "next/navigation";
import { webSession } from "@/app/auth";
import { operatorCopy } from "@/components/copy/operator";
import { operatorRoles } from "@/server/operators/operator-access";
import { allows, type RoleNeed } from "@/server/operators/operator-roles";
import { isOperator } from "@/server/users/is-operator";
import { requestedPath } from "../console-path";

/**
 * Every operator page is declared with the role it needs (C58): `export default operatorPage("treasurer", Page)`.
 * The guard runs with the page itself, not only in the layout (a layout is not rendered again when the console
 * navigates between its pages). A visitor signs in first; a signed-in person who is not an enabled operator gets
 * the 404 of a page that does not exist; an operator whose roles do not cover the page is told so.
 */
export function operatorPage<P>(need: RoleNeed, Page: (props: P) => Promise<ReactNode> | ReactNode) {
  return async function OperatorPage(props: P) {
    const session = await webSession();
    if (!session) redirect(`/sign-in?next=${encodeURIComponent(await requestedPath("/operator"))}`);
    // Past the second factor (C57), then the roles (C58).
    if (!(await isOperator(session))) notFound();
    const roles = await operatorRoles(session.userId);
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
