import type { ReactNode } from "react";
import { notFound, redirect } from "next/navigation";
import { auth } from "@/app/auth";
import { getConfig } from "@/server/config";
import { requestedPath } from "../console-path";
import "./sandbox.css";

/**
 * The sandbox simulator: for signed-in people of a sandbox instance (a visitor signs in first and comes back). A
 * production instance has no simulator: 404, like a page that does not exist.
 */
export default async function SandboxLayout({ children }: { children: ReactNode }) {
  if (getConfig().environment !== "sandbox") notFound();
  const userId = (await auth())?.user?.id;
  if (!userId) redirect(`/sign-in?next=${encodeURIComponent(await requestedPath("/sandbox"))}`);
  return <div className="shell wide sandbox-simulator">{children}</div>;
}
