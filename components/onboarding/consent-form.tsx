import Image from "next/image";
import { onboarding as onboardingCopy } from "@/components/copy/onboarding";

type Profile = { id: string; kind: string; name: string; state: string };

/**
 * The consent decision: a plain form post (works without JavaScript), protected by a token bound to the person and
 * the request, and by the same-origin check of its handler.
 */
export function ConsentForm(props: {
  requestId: string;
  token: string;
  applicationName: string;
  /** Where the application's logo is served, if it has one. */
  logoUrl?: string;
  redirectHost: string;
  profiles: Profile[];
  reviewPending?: boolean;
}) {
  const text = onboardingCopy.consent;
  return (
    <section className="card" aria-labelledby="consent-heading">
      {props.logoUrl ? (
        <Image
          unoptimized
          src={props.logoUrl}
          alt={text.logo(props.applicationName)}
          width={64}
          height={64}
          style={{ objectFit: "contain", display: "block" }}
        />
      ) : null}
      <h2 id="consent-heading">{text.heading(props.applicationName)}</h2>
      <p>{text.intro(props.applicationName)}</p>
      <ul>
        {text.abilities.map((ability) => (
          <li key={ability}>{ability}</li>
        ))}
      </ul>
      {props.reviewPending ? <p className="notice">{text.reviewPending}</p> : null}
      <p className="muted">{text.returnTo(props.redirectHost)}</p>
      <form method="post" action="/authorize/decision">
        <input type="hidden" name="request" value={props.requestId} />
        <input type="hidden" name="token" value={props.token} />
        {props.profiles.length > 1 ? (
          <div className="field">
            <label htmlFor="profile">{text.profile}</label>
            <select id="profile" name="profile" defaultValue={props.profiles[0]?.id}>
              {props.profiles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name || text.personalProfile} ({text.kind[p.kind] ?? p.kind})
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name="profile" value={props.profiles[0]?.id ?? ""} />
        )}
        <div className="actions">
          <button className="primary" type="submit" name="decision" value="allow">
            {text.allow}
          </button>
          <button type="submit" name="decision" value="deny">
            {text.deny}
          </button>
        </div>
      </form>
    </section>
  );
}
