"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export type SectionTab = { href: string; label: string; exact?: boolean };

/** A row of links to the pages of one console area; the current one is marked for screen readers too. */
export function SectionTabs({ label, tabs }: { label: string; tabs: SectionTab[] }) {
  const pathname = usePathname();
  const current = (tab: SectionTab) =>
    tab.exact ? pathname === tab.href : pathname === tab.href || pathname.startsWith(`${tab.href}/`);
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={current(tab) ? "page" : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
