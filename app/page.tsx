import Link from "next/link";
import { home as homeCopy } from "@/components/copy/home";
import { getConfig } from "@/server/config";
import { LongValue } from "@/components/layout/long-value";

export const dynamic = "force-dynamic";

/** The front door: what this instance is and where each kind of visitor goes next. */
export default function HomePage() {
  const config = getConfig();
  const sandbox = config.environment === "sandbox";
  const places = homeCopy.places.filter((place) => sandbox || !place.sandboxOnly);
  return (
    <main className="shell">
      <div className="brand">Tokenrail</div>
      <h1>{homeCopy.title}</h1>
      <p>{homeCopy.intro}</p>
      <section className="card" aria-label="This instance">
        <dl className="facts">
          <dt>Environment</dt>
          <dd data-testid="environment">{config.environment}</dd>
          <dt>API base URL</dt>
          <dd>
            <LongValue testId="base-url" value={config.baseUrl} label="API base URL" />
          </dd>
          <dt>API version</dt>
          <dd>2.0.0</dd>
        </dl>
      </section>
      <h2>{homeCopy.whereTo}</h2>
      <ul className="places">
        {places.map((place) => (
          <li key={place.href} className="card">
            <Link href={place.href}>{place.title}</Link>
            <p>{place.text}</p>
          </li>
        ))}
      </ul>
      {sandbox ? <p className="muted">{homeCopy.newcomer}</p> : null}
    </main>
  );
}
