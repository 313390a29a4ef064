import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { auth } from "@/app/auth";
import { requestedPath } from "../../console-path";

/** Every application page: a visitor signs in first and comes back to the page they asked for. */
export default async function ApplicationsLayout({ children }: { children: ReactNode }) {
  const userId = (await auth())?.user?.id;
  if (!userId) redirect(`/sign-in?next=${encodeURIComponent(await requestedPath("/developers"))}`);
  return children;
}
