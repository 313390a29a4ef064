import type { Metadata } from "next";
import Link from "next/link";
import { CodeBlock } from "@/components/docs/code-block";
import { DocsNav } from "@/components/docs/docs-nav";
import { ErrorTable, OAuthErrors } from "@/components/docs/oauth-errors";
import {
  CLIENT_CREDENTIALS_CURL,
  CLIENT_CREDENTIALS_NODE,
  EXCHANGE_CURL,
  EXCHANGE_NODE,
  PKCE_NODE,
  REFRESH_CURL,
  SIWE_CURL,
  SIWE_MESSAGE,
  withInstance,
} from "@/components/docs/oauth-snippets";
import { getConfig } from "@/server/config";
import "../docs.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "OAuth guide · Tokenrail" };

const TOKEN_ERRORS = [
  ["invalid_request", "A field is missing or malformed (the body's errors name it)"],
  ["invalid_client", "Unknown client, or a wrong client secret"],
  ["invalid_grant", "The code or refresh token is unknown, expired, used, or issued to another client"],
  ["unauthorized_client", "This client ID may not use this grant type (each application has one of each)"],
  ["unsupported_grant_type", "Not authorization_code, refresh_token or client_credentials"],
] as const;

/** The authorization code flow with PKCE, client credentials, refresh, Sign-In with Ethereum, and the errors. */
export default function OAuthGuidePage() {
  const config = getConfig();
  const instance = { base: config.baseUrl, app: config.appUrl, vendor: config.vendors[0] ?? "tokenrail" };
  const code = (snippet: string) => withInstance(snippet, instance);
  return (
    <main className="shell docs docs-guide">
      <DocsNav current="/docs/oauth" />
      <h1>OAuth guide</h1>
      <p>
        The API takes <code>Authorization: Bearer &lt;access token&gt;</code>. Access tokens come from{" "}
        <code>{config.baseUrl}/auth/token</code> and are valid for one hour. Register an application in the{" "}
        <Link href="/developers">developer portal</Link>: it gets two client IDs, one for the authorization-code flow
        (acting for a person, no secret, PKCE) and one for client credentials (acting as the application, with a
        secret). Each works only with its own grant type.
      </p>

      <h2 id="authorization-code">Authorization code with PKCE</h2>
      <p>For an application acting for a person: the person signs in or signs up here, onboards, and grants access.</p>
      <ol>
        <li>
          Make a <code>code_verifier</code> (43 to 128 characters), its challenge{" "}
          <code>base64url(SHA-256(verifier))</code> (only <code>S256</code>), and a <code>state</code>; send the browser
          to <code>/auth</code> with <code>client_id</code>, <code>code_challenge</code>,{" "}
          <code>code_challenge_method=S256</code>, <code>state</code> and <code>redirect_uri</code> (required when the
          application registered several). Optional: <code>email</code> to prefill, <code>skip_kyc</code>,{" "}
          <code>skip_create_account</code>.
        </li>
        <li>
          The browser comes back to the redirect URI with <code>code</code> and your <code>state</code>. Check the
          state, then exchange the code (valid 10 minutes, once) with the verifier.
        </li>
        <li>Call the API with the access token; refresh it when it expires.</li>
      </ol>
      <CodeBlock label="Node.js: step 1" code={code(PKCE_NODE)} />
      <CodeBlock label="Node.js: step 2" code={code(EXCHANGE_NODE)} />
      <CodeBlock label="curl: step 2" code={code(EXCHANGE_CURL)} />
      <p>
        The developer portal&apos;s <em>Try it</em> runs this flow against your application from the browser, and the
        built-in <Link href="/demo">demo app</Link> is a whole integrator doing it.
      </p>

      <h2 id="client-credentials">Client credentials</h2>
      <p>
        For your backend acting as the application: its own profile and every profile that granted it access. Some
        operations refuse a person&apos;s token and take only this one (subscribing to webhooks, for example). Send the
        secret in the form, or as HTTP Basic authentication.
      </p>
      <CodeBlock label="curl" code={code(CLIENT_CREDENTIALS_CURL)} />
      <CodeBlock label="Node.js" code={code(CLIENT_CREDENTIALS_NODE)} />
      <p>
        When it expires, ask for another the same way. Paste one into the <Link href="/docs">reference</Link> to try any
        operation from the browser.
      </p>

      <h2 id="refresh">Refreshing</h2>
      <p>
        A person&apos;s token comes with a <code>refresh_token</code>. Exchange it for a new pair; the old refresh token
        then stops working. Presenting a used refresh token (or a used code) again revokes every token of that grant:
        store the newest one, and send the person through <code>/auth</code> again if it is refused.
      </p>
      <CodeBlock label="curl" code={code(REFRESH_CURL)} />

      <h2 id="siwe">Sign-In with Ethereum</h2>
      <p>
        A customer who already linked an address can grant access by signing an EIP-4361 message instead of seeing the
        screens: the signature is the consent, and <code>/auth</code> redirects with a code at once. The message must
        name your redirect URI&apos;s host as its domain and the redirect URI as its URI, carry an{" "}
        <code>Expiration Time</code>, a chain of this environment, a nonce of your choosing (it works once) and the
        resource <code>{config.appUrl}/siwe</code>; the address must be linked on that chain.
      </p>
      <CodeBlock label="siwe-message.txt" code={code(SIWE_MESSAGE)} />
      <CodeBlock label="curl" code={code(SIWE_CURL)} />

      <h2 id="errors">Errors</h2>
      <p>
        The token endpoint answers 400 with the API&apos;s error body plus RFC 6749&apos;s fields, and{" "}
        <code>Cache-Control: no-store</code>:{" "}
        <code>{`{"code":400,"status":"Bad Request","message":"…","error":"invalid_grant","error_description":"…"}`}</code>
        .
      </p>
      <ErrorTable rows={TOKEN_ERRORS} />
      <OAuthErrors headingLevel={3} anchor="authorization-errors" />
    </main>
  );
}
