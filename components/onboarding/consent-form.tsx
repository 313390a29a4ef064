type Profile = { id: string; kind: string; name: string; state: string };

/**
 * The consent decision: a plain form post (works without JavaScript), protected by a token bound to the person and
 * the request, and by the same-origin check of its handler.
 */
export function ConsentForm(props: {
  requestId: string;
  token: string;
  applicationName: string;
  redirectHost: string;
  profiles: Profile[];
}) {
  return (
    <section className="card" aria-labelledby="consent-heading">
      <h2 id="consent-heading">Allow {props.applicationName} to access your account?</h2>
      <p>If you allow it, {props.applicationName} will be able to:</p>
      <ul>
        <li>read your profile and its verification status</li>
        <li>see your linked wallet addresses, IBANs and balances</li>
        <li>see your orders and place redemption orders you sign</li>
      </ul>
      <p className="muted">You will return to {props.redirectHost}.</p>
      <form method="post" action="/authorize/decision">
        <input type="hidden" name="request" value={props.requestId} />
        <input type="hidden" name="token" value={props.token} />
        {props.profiles.length > 1 ? (
          <div className="field">
            <label htmlFor="profile">Profile</label>
            <select id="profile" name="profile" defaultValue={props.profiles[0]?.id}>
              {props.profiles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name || "Your personal profile"} ({p.kind})
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name="profile" value={props.profiles[0]?.id ?? ""} />
        )}
        <div className="actions">
          <button className="primary" type="submit" name="decision" value="allow">
            Allow
          </button>
          <button type="submit" name="decision" value="deny">
            Deny
          </button>
        </div>
      </form>
    </section>
  );
}
