import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkWebhookUrl, isPrivateAddress, UnsafeUrl } from "./url-guard.ts";

describe("webhook URL guard", () => {
  it("C24: loopback, private, link-local, metadata and unique-local addresses are not public", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00:ec2::254",
      "fc00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "not-an-ip",
    ]) {
      assert.equal(isPrivateAddress(address), true, address);
    }
    for (const address of ["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      assert.equal(isPrivateAddress(address), false, address);
    }
  });

  it("C24: the strict policy wants https to public hosts; the permissive one takes local receivers", async () => {
    const strict = { allowPrivate: false };
    for (const url of [
      "http://example.com/hook",
      "https://127.0.0.1/hook",
      "https://[::1]/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/hook",
      "https://10.0.0.8:8443/hook",
      "https://user:pass@8.8.8.8/hook",
      "ftp://8.8.8.8/hook",
      "not a url",
    ]) {
      await assert.rejects(checkWebhookUrl(url, strict), UnsafeUrl, url);
    }
    assert.equal((await checkWebhookUrl("https://8.8.8.8/hook", strict)).hostname, "8.8.8.8");
    assert.equal((await checkWebhookUrl("http://127.0.0.1:3000/hook", { allowPrivate: true })).port, "3000");
  });
});
