import Link from "next/link";
import { getConfig } from "@/server/config";

export const dynamic = "force-dynamic";

const ENDPOINTS = [
  ["GET", "/", "Welcome: what this API is and where its docs are", "public"],
  ["GET", "/tokens", "Every token (currency × chain) of this environment", "public"],
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
    </main>
  );
}
