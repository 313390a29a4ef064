import type { Metadata } from "next";
import Link from "next/link";
import { CodeBlock } from "@/components/docs/code-block";
import { DocsNav } from "@/components/docs/docs-nav";
import { NODE_RECEIVER, NODE_STANDARDWEBHOOKS, NODE_VERIFY, PYTHON_VERIFY } from "@/components/docs/webhook-snippets";
import { getConfig } from "@/server/config";
import "../docs.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhook guide · Tokenrail" };

const EXAMPLE = `{"type":"iban.updated","timestamp":"2026-11-25T09:30:00.000Z","data":{"iban":"IS53 5615 1329 5713 7808 3320 63",…}}`;

/** Subscribing, the signature scheme, verifying in Node and Python, retries and idempotency. */
export default function WebhookGuidePage() {
  const { baseUrl } = getConfig();
  return (
    <main className="shell docs docs-guide">
      <DocsNav current="/docs/webhooks" />
      <h1>Webhook guide</h1>
      <p>
        This instance tells your application what changed by POSTing a signed JSON event to a URL you subscribe. The
        events and their payloads are listed under <em>Webhooks</em> in the <Link href="/docs">API reference</Link>.
      </p>

      <h2 id="events">Events</h2>
      <table className="endpoints">
        <thead>
          <tr>
            <th scope="col">type</th>
            <th scope="col">Sent when</th>
            <th scope="col">data</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>subscription.created</code>
            </td>
            <td>
              A subscription is created, gets a new URL or secret, or is switched back on, to check the receiver: answer
              2xx
            </td>
            <td>none</td>
          </tr>
          <tr>
            <td>
              <code>order.created</code>
            </td>
            <td>An order is placed, or an incoming payment creates an issue order</td>
            <td>Order</td>
          </tr>
          <tr>
            <td>
              <code>order.updated</code>
            </td>
            <td>An order is processed or rejected</td>
            <td>Order</td>
          </tr>
          <tr>
            <td>
              <code>profile.updated</code>
            </td>
            <td>A profile&apos;s state changes</td>
            <td>Profile</td>
          </tr>
          <tr>
            <td>
              <code>iban.updated</code>
            </td>
            <td>An IBAN gets its number, or is moved to another address or chain</td>
            <td>IBAN object</td>
          </tr>
        </tbody>
      </table>
      <p>
        Every body is one line of JSON: <code>{EXAMPLE}</code>. You hear about the profiles your application may see:
        its own, and those that granted it access.
      </p>

      <h2 id="subscribing">Subscribing</h2>
      <p>
        In the <Link href="/developers">developer portal</Link>, open your application&apos;s <em>Webhooks</em>, add the
        endpoint&apos;s URL and pick the event types: the portal makes the secret and shows it once. Or subscribe
        through the API with the application&apos;s own token (client credentials), choosing the secret yourself:{" "}
        <code>whsec_</code> and the base64 of 24 to 64 random bytes.
      </p>
      <CodeBlock
        label="Subscribe with curl"
        code={`SECRET="whsec_$(openssl rand -base64 32)"
curl -s ${baseUrl}/webhooks \\
  -H "Authorization: Bearer $ACCESS_TOKEN" -H "Content-Type: application/json" \\
  -d "{\\"url\\":\\"https://example.com/hooks\\",\\"secret\\":\\"$SECRET\\",\\"types\\":[\\"order.created\\",\\"order.updated\\"]}"`}
      />
      <p>
        Before saving the subscription the instance sends your URL a signed <code>subscription.created</code>; if the
        answer is not 2xx within 5 seconds, nothing is saved and the call answers 400 saying what your endpoint did.
        Without <code>types</code> you hear <code>iban.updated</code> and <code>profile.updated</code>.{" "}
        <code>GET /webhooks</code> lists your subscriptions, <code>PATCH /webhooks/{"{id}"}</code> changes the URL,
        secret, types or <code>state</code>, and <code>GET /webhooks/{"{id}"}/deliveries</code> shows every attempt,
        which you can resend.
      </p>

      <h2 id="signature">The signature (Standard Webhooks)</h2>
      <p>Each request carries three headers:</p>
      <dl className="facts">
        <dt>
          <code>webhook-id</code>
        </dt>
        <dd>The message&apos;s id, a UUID. It stays the same on every retry of that message.</dd>
        <dt>
          <code>webhook-timestamp</code>
        </dt>
        <dd>When this attempt was signed, in seconds since the epoch.</dd>
        <dt>
          <code>webhook-signature</code>
        </dt>
        <dd>
          <code>v1,</code> and the base64 signature; there may be several, separated by spaces.
        </dd>
      </dl>
      <p>
        When the instance exports traces (OpenTelemetry), a delivery also carries a W3C <code>traceparent</code> header:
        the trace of the request or job that caused the event, and the span of this attempt in it. Continue it in your
        handler (any OpenTelemetry SDK&apos;s propagator reads it) and your trace joins the instance&apos;s. It is not
        part of the signature.
      </p>
      <p>
        The signature is <code>base64(HMAC-SHA256(key, id + &quot;.&quot; + timestamp + &quot;.&quot; + body))</code>,
        where the key is the <strong>base64-decoded</strong> secret without its <code>whsec_</code> prefix and the body
        is exactly the bytes you received. Verify before you parse: a framework that re-serialises the JSON changes the
        bytes. Compare in constant time, and refuse a timestamp more than five minutes from your clock, so an old
        message cannot be replayed.
      </p>

      <h2 id="node">Verifying in Node.js</h2>
      <CodeBlock label="verify-webhook.js (node:crypto)" code={NODE_VERIFY} />
      <p>
        Or with the <code>standardwebhooks</code> package from npm, which does the same checks:
      </p>
      <CodeBlock label="verify-webhook.js (standardwebhooks)" code={NODE_STANDARDWEBHOOKS} />
      <CodeBlock label="A receiver" code={NODE_RECEIVER} />

      <h2 id="python">Verifying in Python</h2>
      <CodeBlock label="verify_webhook.py (standard library)" code={PYTHON_VERIFY} />
      <p>
        In Flask, pass <code>request.get_data()</code> as the body and{" "}
        <code>{"{k.lower(): v for k, v in request.headers.items()}"}</code> as the headers.
      </p>

      <h2 id="retries">Answering, retries and idempotency</h2>
      <ul>
        <li>
          Any 2xx acknowledges a delivery. Answer within the timeout (15 seconds by default) and do the work afterwards.
        </li>
        <li>
          Anything else, or no answer, is retried with exponential backoff: up to 10 attempts within 12 hours (about 5
          s, 30 s, 2 min, 10 min, 30 min, then hours apart). A <code>Retry-After</code> on a 429 or 503 is honoured.
        </li>
        <li>
          <code>410 Gone</code> switches the subscription off.
        </li>
        <li>
          A message can arrive more than once (a retry after a lost answer, or a resend from the portal): record the{" "}
          <code>webhook-id</code>s you processed and skip repeats. Messages may arrive out of order; the{" "}
          <code>timestamp</code> in the body and the resource&apos;s own state tell you which is newer.
        </li>
      </ul>
    </main>
  );
}
