import type { ReactNode } from "react";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { webSession } from "@/app/auth";
import { operatorCopy } from "@/components/copy/operator";
import { operatorRoles } from "@/server/operators/operator-access";
import { allows, type RoleNeed } from "@/server/operators/operator-roles";
import { isOperator } from "@/server/users/is-operator";
import { requestedPath } from "../console-path";
import { sectionsFor } from "./operator-sections";

/**
 * Every operator page is declared with the role it needs (C58): `export default operatorPage("treasurer", Page)`.
 * The guard runs with the page itself, not only in the layout (a layout is not rendered again when the console
 * navigates between its pages). A visitor signs in first; a signed-in person who is not an enabled operator gets
 * the 404 of a page that does not exist; an operator whose roles do not cover the page is told so, with the sections
 * their roles open. The console's landing (`landing`, where sign-in sends operators) takes them to the first of those
 * instead: a treasurer signing in lands on the orders, not on a refusal.
 */
export function operatorPage<P>(
  need: RoleNeed,
  Page: (props: P) => Promise<ReactNode> | ReactNode,
  options: { landing?: boolean } = {},
) {
  return async function OperatorPage(props: P) {
    const session = await webSession();
    if (!session) redirect(`/sign-in?next=${encodeURIComponent(await requestedPath("/operator"))}`);
    // Past the second factor (C57), then the roles (C58).
    if (!(await isOperator(session))) notFound();
    const roles = await operatorRoles(session.userId);
    if (allows(roles, need)) return Page(props);
    const open = sectionsFor(roles);
    if (options.landing && open[0]) redirect(open[0].href);
    const text = operatorCopy.roleRefused;
    return (
      <main className="role-refused">
        <h1>{text.title}</h1>
        <div className="card">
          <p>{text.body}</p>
          <p>
            {text.instead}{" "}
            {open.map((section, index) => (
              <span key={section.href}>
                {index > 0 ? ", " : null}
                <Link href={section.href}>{section.label}</Link>
              </span>
            ))}
          </p>
        </div>
      </main>
    );
  };
}
