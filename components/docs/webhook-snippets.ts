/**
 * The verifying code the webhook guide shows. The page renders these strings as they are, and
 * webhook-snippets.test.ts runs the same strings against a delivery the instance signed, so what a reader copies works.
 */

/** Node.js, with nothing but node:crypto. */
export const NODE_VERIFY = `import { createHmac, timingSafeEqual } from "node:crypto";

const TOLERANCE_SECONDS = 5 * 60;

/**
 * True when a delivery was signed with your subscription's secret within the last five minutes.
 * \`headers\` are the request's headers (lower-case names); \`rawBody\` is the body exactly as received.
 */
export function verifyWebhook(secret, headers, rawBody) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (!id || !timestamp || !signatures) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest();
  return signatures.split(" ").some((entry) => {
    const [version, signature = ""] = entry.split(",");
    const given = Buffer.from(signature, "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
`;

/** Node.js, with the \`standardwebhooks\` package from npm. */
export const NODE_STANDARDWEBHOOKS = `import { Webhook } from "standardwebhooks";

/** The delivery's payload when its signature and timestamp check out; throws otherwise. */
export function verifyWebhook(secret, headers, rawBody) {
  // The package wants the secret without its "whsec_" prefix.
  const webhook = new Webhook(secret.replace(/^whsec_/, ""));
  return webhook.verify(rawBody, headers);
}
`;

/** Node.js: a receiver that reads the raw body before anything parses it. */
export const NODE_RECEIVER = `import http from "node:http";
import { verifyWebhook } from "./verify-webhook.js";

const secret = process.env.TOKENRAIL_WEBHOOK_SECRET; // whsec_…
const seen = new Set(); // use your database: webhook-id is the same on every retry

http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      if (!verifyWebhook(secret, req.headers, rawBody)) return res.writeHead(400).end();
      const id = req.headers["webhook-id"];
      if (!seen.has(id)) {
        seen.add(id);
        const event = JSON.parse(rawBody);
        console.log(event.type, event.data?.id ?? event.data?.iban);
      }
      res.writeHead(204).end(); // any 2xx acknowledges; answer quickly, work afterwards
    });
  })
  .listen(8080);
`;

/** Python 3, standard library only. */
export const PYTHON_VERIFY = `import base64
import hashlib
import hmac
import time

TOLERANCE_SECONDS = 5 * 60


def verify_webhook(secret: str, headers: dict, raw_body: bytes) -> bool:
    """True when a delivery was signed with your subscription's secret within the last five minutes.

    headers: the request's headers with lower-case names; raw_body: the body exactly as received.
    """
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not msg_id or not timestamp or not signatures:
        return False
    if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        return False
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode() + raw_body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return any(
        version == "v1" and hmac.compare_digest(signature, expected)
        for version, _, signature in (entry.partition(",") for entry in signatures.split(" "))
    )
`;
