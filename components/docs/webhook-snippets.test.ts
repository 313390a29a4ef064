import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { getConfig } from "../../server/config.ts";
import { handshake } from "../../server/webhooks/handshake.ts";
import { NODE_STANDARDWEBHOOKS, NODE_VERIFY, PYTHON_VERIFY } from "./webhook-snippets.ts";

// The webhook guide's verifying code, run from the very text the page shows, against a delivery this instance
// signed and sent over HTTP (the `subscription.created` handshake, signed as every delivery is).

type Delivery = { headers: Record<string, string>; body: string };
type Verify = (secret: string, headers: Record<string, string>, rawBody: string) => unknown;

const secret = `whsec_${randomBytes(32).toString("base64")}`;
let delivery: Delivery;
// Inside the project, so that the snippet's `import "standardwebhooks"` resolves as it would in a reader's app.
const dir = fs.mkdtempSync(path.join(process.cwd(), ".snippets-"));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

before(async () => {
  const received: Delivery[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === "string"),
      );
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const config = getConfig();
  try {
    await handshake({
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      key: Buffer.from(secret.slice("whsec_".length), "base64"),
      now: new Date(),
      config: { ...config, webhooks: { ...config.webhooks, allowPrivateUrls: true } },
    });
  } finally {
    receiver.close();
  }
  assert.equal(received.length, 1);
  delivery = received[0]!;
});

async function loadSnippet(name: string, source: string): Promise<Verify> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, source);
  return ((await import(pathToFileURL(file).href)) as { verifyWebhook: Verify }).verifyWebhook;
}

/** Runs the Python snippet's `verify_webhook` on a delivery; what it returned. */
function python(d: Delivery, key = secret): boolean {
  const file = path.join(dir, "verify_webhook.py");
  fs.writeFileSync(
    file,
    `${PYTHON_VERIFY}\n\nimport json, sys\nd = json.load(sys.stdin)\n` +
      `print(json.dumps(verify_webhook(d["secret"], d["headers"], d["body"].encode())))\n`,
  );
  const out = execFileSync("python3", [file], { input: JSON.stringify({ ...d, secret: key }) });
  return JSON.parse(out.toString()) as boolean;
}

const tampered = () => ({ ...delivery, body: delivery.body.replace("subscription.created", "subscription.creatod") });
const stale = () => ({ ...delivery, headers: { ...delivery.headers, "webhook-timestamp": "1723207444" } });
const otherSecret = `whsec_${randomBytes(32).toString("base64")}`;

describe("issue 18: the webhook guide's verifying code", () => {
  it("the Node snippet (node:crypto) accepts a real delivery and refuses a changed body, an old one or another secret", async () => {
    const verify = await loadSnippet("verify-crypto.mjs", NODE_VERIFY);
    assert.equal(verify(secret, delivery.headers, delivery.body), true);
    assert.equal(verify(secret, tampered().headers, tampered().body), false);
    assert.equal(verify(secret, stale().headers, stale().body), false);
    assert.equal(verify(otherSecret, delivery.headers, delivery.body), false);
  });

  it("the Node snippet (standardwebhooks) returns a real delivery's payload and throws on a changed body", async () => {
    const verify = await loadSnippet("verify-standardwebhooks.mjs", NODE_STANDARDWEBHOOKS);
    assert.deepEqual(verify(secret, delivery.headers, delivery.body), JSON.parse(delivery.body));
    assert.throws(() => verify(secret, tampered().headers, tampered().body));
  });

  it("the Python snippet accepts a real delivery and refuses a changed body, an old one or another secret", () => {
    assert.equal(python(delivery), true);
    assert.equal(python(tampered()), false);
    assert.equal(python(stale()), false);
    assert.equal(python(delivery, otherSecret), false);
  });
});
