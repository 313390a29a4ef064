"use client";

import dynamic from "next/dynamic";

/**
 * The interactive reference: Scalar's renderer, bundled with the app (no CDN) and loaded only on /docs. It reads the
 * document this instance serves, and its "Test Request" calls the document's server, this instance's API. Nothing
 * else leaves the page: no web fonts, no telemetry, no request proxy, no assistant.
 */
const Reference = dynamic(() => import("./scalar-reference"), {
  ssr: false,
  loading: () => <p className="muted">Loading the reference…</p>,
});

export function ApiReference({ documentUrl }: { documentUrl: string }) {
  return (
    <section aria-label="API reference" className="docs-reference">
      <Reference documentUrl={documentUrl} />
    </section>
  );
}
