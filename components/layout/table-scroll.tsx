import type { ReactNode } from "react";

/**
 * A table wider than a phone scrolls inside its own box instead of widening the page (C61). A box that scrolls must
 * be reachable by keyboard (WCAG 2.1.1, axe's scrollable-region-focusable), so it takes focus as a region named
 * after its table. Every scrolling table on the screens is one of these.
 */
export function TableScroll(props: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={props.className ?? "table-scroll"} tabIndex={0} role="region" aria-label={props.label}>
      {props.children}
    </div>
  );
}
