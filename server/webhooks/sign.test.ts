import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { parseWebhookSecret, sealSecret, unsealSecret } from "./secret.ts";
import { newMessageId, webhookHeaders } from "./sign.ts";

const secretOf = (bytes: number) => `whsec_${randomBytes(bytes).toString("base64")}`;

describe("webhook signatures", () => {
  it("C20: the standardwebhooks package verifies what we sign, byte for byte; any change to the body fails", () => {
    const secret = secretOf(32);
    const body = JSON.stringify({
      type: "order.updated",
      timestamp: "2026-11-23T10:00:00.000Z",
      data: { amount: "1.50" },
    });
    const headers = webhookHeaders({
      id: newMessageId(),
      timestamp: new Date(),
      body,
      key: parseWebhookSecret(secret)!,
    });
    assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
    assert.throws(() => new Webhook(secret).verify(body.replace("1.50", "1.51"), headers));
    assert.throws(() => new Webhook(secretOf(32)).verify(body, headers));
  });

  it("C20: the reference's test vector", () => {
    const headers = webhookHeaders({
      id: "3f3d820e-d01c-4c56-8be4-b20053225679",
      timestamp: new Date(1723207444_000),
      body: '{"type":"subscription.created","timestamp":"2024-08-09T12:44:04.777884Z"}',
      key: parseWebhookSecret("whsec_mUt3nH+3wx/djdHf8RHn9yJMMiAhq10b")!,
    });
    assert.equal(headers["webhook-signature"], "v1,xU3/8LHUKtXSubnq+i0ga/+MJbvkVTuLRAMXlZgINVg=");
    assert.equal(headers["webhook-timestamp"], "1723207444");
  });

  it("secrets are whsec_ and the base64 of 24 to 64 bytes", () => {
    for (const bytes of [24, 32, 64]) assert.equal(parseWebhookSecret(secretOf(bytes))?.length, bytes);
    for (const bad of [
      secretOf(23),
      secretOf(65),
      "whsec_",
      "whsec_!!!!",
      randomBytes(32).toString("base64"),
      "whsec_abc",
    ]) {
      assert.equal(parseWebhookSecret(bad), undefined, bad);
    }
  });

  it("sealed secrets open with the instance secret only", () => {
    const secret = secretOf(32);
    const sealed = sealSecret(secret, "instance-secret-of-at-least-32-characters!");
    assert.ok(!sealed.includes(secret.slice(6, 20)));
    assert.equal(unsealSecret(sealed, "instance-secret-of-at-least-32-characters!"), secret);
    assert.throws(() => unsealSecret(sealed, "another-instance-secret-of-32-characters!!"));
  });
});
