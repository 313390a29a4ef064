/** The `error` values the authorization endpoint sends back to a redirect URI (SPEC "Errors"). */
const OAUTH_ERRORS = [
  ["invalid_request", "A parameter is missing or invalid (for example no code_challenge, or a method other than S256)"],
  ["unauthorized_client", "The client may not obtain a code this way"],
  ["access_denied", "The person declined to grant access"],
  ["unsupported_response_type", "Only response_type=code is supported"],
  ["server_error", "Something failed on our side; try again"],
  ["temporarily_unavailable", "Overload or maintenance; try again later"],
] as const;

/** The authorization errors: where they arrive and what each means. `error_uri` points at this table on /docs. */
export function OAuthErrors({ headingLevel = 2, anchor = "oauth-errors" }: { headingLevel?: 2 | 3; anchor?: string }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      <Heading id={anchor}>Authorization errors</Heading>
      <p>
        When a request to <code>/auth</code> names a registered client and redirect URI but fails otherwise, the browser
        returns to the redirect URI with <code>error</code>, <code>error_description</code>, <code>error_uri</code> and
        your <code>state</code>. An unknown client or an unregistered redirect URI never redirects: the person sees an
        error page here.
      </p>
      <ErrorTable rows={OAUTH_ERRORS} />
    </>
  );
}

/** RFC 6749 error codes and what each means, as a table. */
export function ErrorTable({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <table className="endpoints">
      <thead>
        <tr>
          <th scope="col">error</th>
          <th scope="col">Meaning</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([code, meaning]) => (
          <tr key={code}>
            <td>
              <code>{code}</code>
            </td>
            <td>{meaning}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
