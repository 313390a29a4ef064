import Link from "next/link";
import { getConfig } from "@/server/config";

export const dynamic = "force-dynamic";

const OAUTH_ERRORS = [
  ["invalid_request", "A parameter is missing or invalid (for example no code_challenge, or a method other than S256)"],
  ["unauthorized_client", "The client may not obtain a code this way"],
  ["access_denied", "The person declined to grant access"],
  ["unsupported_response_type", "Only response_type=code is supported"],
  ["server_error", "Something failed on our side; try again"],
  ["temporarily_unavailable", "Overload or maintenance; try again later"],
] as const;

const ENDPOINTS = [
  ["GET", "/", "Welcome: what this API is and where its docs are", "public"],
  ["GET", "/tokens", "Every token (currency × chain) of this environment", "public"],
  ["GET", "/auth", "Start the authorization-code flow (PKCE S256); 307 to the sign-in screens", "browser"],
  ["POST", "/auth", "The same, with a form body", "browser"],
  ["POST", "/auth/token", "Access token (form body); grant_type=client_credentials", "client"],
  ["GET", "/auth/token", "The same, with query parameters", "client"],
  ["GET", "/auth/context", "The caller's user, default profile and profiles", "bearer"],
] as const;

export default function DocsPage() {
  const config = getConfig();
  return (
    <main className="shell">
      <div className="brand">
        <Link href="/">Tokenrail</Link> · API documentation
      </div>
      <h1>API</h1>
      <p>
        Base URL: <code>{config.baseUrl}</code>. Send{" "}
        <code>Accept: application/vnd.{config.vendors[0]}.api-v2+json</code> (or <code>application/json</code>) and{" "}
        <code>Authorization: Bearer &lt;access token&gt;</code>. Errors come as{" "}
        <code>{"{code, status, message, errors?}"}</code>.
      </p>
      <table className="endpoints">
        <thead>
          <tr>
            <th>Method</th>
            <th>Path</th>
            <th>What it does</th>
            <th>Caller</th>
          </tr>
        </thead>
        <tbody>
          {ENDPOINTS.map(([method, path, what, caller]) => (
            <tr key={`${method} ${path}`}>
              <td>
                <code>{method}</code>
              </td>
              <td>
                <code>{path}</code>
              </td>
              <td>{what}</td>
              <td>{caller}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 id="oauth-errors">Authorization errors</h2>
      <p>
        When a request to <code>/auth</code> names a registered client and redirect URI but fails otherwise, the browser
        returns to the redirect URI with <code>error</code>, <code>error_description</code>, <code>error_uri</code> and
        your <code>state</code>. An unknown client or an unregistered redirect URI never redirects: the person sees an
        error page here.
      </p>
      <table className="endpoints">
        <tbody>
          {OAUTH_ERRORS.map(([code, meaning]) => (
            <tr key={code}>
              <td>
                <code>{code}</code>
              </td>
              <td>{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
