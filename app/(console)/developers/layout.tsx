import type { ReactNode } from "react";
import "./developers.css";

/** The developer portal. Its front page welcomes visitors; the application pages guard themselves (apps/layout). */
export default function DevelopersLayout({ children }: { children: ReactNode }) {
  return <div className="shell wide developers">{children}</div>;
}
