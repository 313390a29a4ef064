import Link from "next/link";
import { getConfig } from "@/server/config";

export const dynamic = "force-dynamic";

export default function HomePage() {
  const config = getConfig();
  return (
    <main className="shell">
      <div className="brand">Tokenrail</div>
      <h1>Fiat-backed tokens, self-hosted</h1>
      <p>
        This instance issues e-money tokens against euro payments, onboards customers through KYC and wallet linking,
        and pays out redemptions. Integrators use its OAuth 2 and JSON API.
      </p>
      <section className="card" aria-label="This instance">
        <dl className="facts">
          <dt>Environment</dt>
          <dd data-testid="environment">{config.environment}</dd>
          <dt>API base URL</dt>
          <dd>
            <code data-testid="base-url">{config.baseUrl}</code>
          </dd>
          <dt>API version</dt>
          <dd>2.0.0</dd>
        </dl>
      </section>
      <p>
        <Link href="/docs">Read the API documentation</Link>
      </p>
    </main>
  );
}
