import type { ReactNode } from "react";
import "./webhooks.css";

/** The webhook pages of an application in the developer portal; each page checks access itself. */
export default function WebhooksLayout({ children }: { children: ReactNode }) {
  return <div className="webhooks-portal">{children}</div>;
}
