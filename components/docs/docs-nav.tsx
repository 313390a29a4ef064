import Link from "next/link";

const PAGES = [
  { href: "/docs", title: "API reference" },
  { href: "/docs/oauth", title: "OAuth guide" },
  { href: "/docs/webhooks", title: "Webhook guide" },
] as const;

/** The documentation's own navigation: the reference and the guides beside it. */
export function DocsNav({ current }: { current: (typeof PAGES)[number]["href"] }) {
  return (
    <nav aria-label="Documentation" className="docs-nav">
      <Link href="/" className="brand">
        Tokenrail
      </Link>
      <ul>
        {PAGES.map((page) => (
          <li key={page.href}>
            <Link href={page.href} aria-current={page.href === current ? "page" : undefined}>
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
