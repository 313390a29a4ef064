import type { ReactNode } from "react";
import { auth, webSession } from "@/app/auth";
import { ConsoleNav } from "@/components/console/console-nav";
import { getConfig } from "@/server/config";
import { isOperator } from "@/server/users/is-operator";
import { signOutAction } from "./sign-out-action";
import "./console.css";

export const dynamic = "force-dynamic";

/** Developer portal, operator console and sandbox simulator share one bar; each area guards its own pages. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = (await auth())?.user;
  return (
    <>
      <ConsoleNav
        email={user?.email ?? undefined}
        operator={await isOperator(await webSession())}
        sandbox={getConfig().environment === "sandbox"}
        signOut={signOutAction}
      />
      {children}
    </>
  );
}
