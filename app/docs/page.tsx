import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference } from "@/components/docs/api-reference";
import { DocsNav } from "@/components/docs/docs-nav";
import { OAuthErrors } from "@/components/docs/oauth-errors";
import { getConfig } from "@/server/config";
import "./docs.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API reference · Tokenrail" };

/** The interactive reference, rendered from the OpenAPI document this instance serves, and how to try it. */
export default function DocsPage() {
  const config = getConfig();
  const vendor = config.vendors[0] ?? "tokenrail";
  return (
    <main className="shell docs">
      <DocsNav current="/docs" />
      <h1>API reference</h1>
      <p>
        Base URL: <code>{config.baseUrl}</code>. Send <code>Accept: application/vnd.{vendor}.api-v2+json</code> (or{" "}
        <code>application/json</code>) and <code>Authorization: Bearer &lt;access token&gt;</code>. Errors come as{" "}
        <code>{"{code, status, message, errors?}"}</code>. The reference below is drawn from the OpenAPI 3.1 document
        this instance serves: <a href={`${config.baseUrl}/openapi.json`}>openapi.json</a>,{" "}
        <a href={`${config.baseUrl}/openapi.yaml`}>openapi.yaml</a>. The webhook events are in it too; the guides
        explain <Link href="/docs/oauth">OAuth</Link> and <Link href="/docs/webhooks">webhook verification</Link>.
      </p>
      <section className="card" aria-labelledby="try-it">
        <h2 id="try-it">Try it against this instance</h2>
        <ol>
          <li>
            In the <Link href="/developers">developer portal</Link>, register an application and note its
            client-credentials client ID and secret.
          </li>
          <li>
            Get an access token (valid for an hour):
            {/* Focusable: on a phone the command scrolls sideways inside its box. */}
            <pre tabIndex={0}>
              <code>{`curl -s ${config.baseUrl}/auth/token \\
  -d grant_type=client_credentials -d client_id=$CLIENT_ID -d client_secret=$CLIENT_SECRET`}</code>
            </pre>
          </li>
          <li>
            Paste the <code>access_token</code> into <em>Access token for “Test Request”</em> below and choose{" "}
            <em>Use this token</em>. Then open an operation (for example <code>GET /auth/context</code>) and choose{" "}
            <em>Test Request</em>: the request goes straight from this page to <code>{config.baseUrl}</code> with{" "}
            <code>Authorization: Bearer</code> and your token, which this page keeps only while it is open.
          </li>
        </ol>
      </section>
      <OAuthErrors />
      <ApiReference documentUrl={`${config.baseUrl}/openapi.json`} />
    </main>
  );
}
