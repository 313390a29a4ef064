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

  describe("C43: other spellings of addresses that are not public", () => {
    const notPublic: [string, string][] = [
      ["IPv4-mapped, dotted", "::ffff:127.0.0.1"],
      ["IPv4-mapped, hex", "::ffff:7f00:1"],
      ["IPv4-mapped, written out", "0:0:0:0:0:ffff:7f00:1"],
      ["IPv4-mapped metadata", "::ffff:a9fe:a9fe"],
      ["IPv4-mapped private", "::ffff:192.168.0.1"],
      ["SIIT (RFC 6145)", "::ffff:0:7f00:1"],
      ["IPv4-compatible, dotted", "::127.0.0.1"],
      ["IPv4-compatible, hex", "::7f00:1"],
      ["IPv4-compatible private", "::a00:1"],
      ["IPv4-compatible, even of a public IPv4 (deprecated form)", "::808:808"],
      ["NAT64 well-known, hex", "64:ff9b::7f00:1"],
      ["NAT64 well-known, dotted", "64:ff9b::127.0.0.1"],
      ["NAT64 well-known metadata", "64:ff9b::169.254.169.254"],
      ["NAT64 local use (RFC 8215)", "64:ff9b:1::7f00:1"],
      ["NAT64 local use, public IPv4", "64:ff9b:1::808:808"],
      ["6to4 of loopback", "2002:7f00:1::1"],
      ["6to4 of a private network", "2002:c0a8:101::1"],
      ["6to4 of carrier-grade NAT", "2002:6440:1::1"],
      ["Teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
      ["loopback, written out", "0:0:0:0:0:0:0:1"],
      ["unspecified, written out", "0:0:0:0:0:0:0:0"],
      ["link-local IPv6 with a zone", "fe80::1%eth0"],
      ["site-local IPv6 (deprecated)", "fec0::1"],
      ["metadata, unique-local", "fd00:ec2::254"],
      ["documentation IPv6", "2001:db8::1"],
      ["discard-only IPv6", "100::1"],
      ["IPv6 multicast", "ff02::1"],
      ["carrier-grade NAT", "100.127.255.254"],
      ["link-local", "169.254.0.1"],
      ["benchmarking", "198.18.0.1"],
      ["documentation IPv4", "192.0.2.1"],
      ["IPv4 multicast", "224.0.0.1"],
      ["broadcast", "255.255.255.255"],
      ["a number, not a dotted address", "2130706433"],
      ["a short form, not a dotted address", "127.1"],
      ["octal, not a dotted address", "0177.0.0.1"],
    ];
    for (const [what, address] of notPublic) {
      it(`C43: ${what} (${address}) is not public`, () => {
        assert.equal(isPrivateAddress(address), true);
      });
    }

    const isPublicAddress: [string, string][] = [
      ["public IPv4", "8.8.8.8"],
      ["IPv4-mapped public", "::ffff:8.8.8.8"],
      ["IPv4-mapped public, hex", "::ffff:808:808"],
      ["NAT64 well-known of a public IPv4", "64:ff9b::808:808"],
      ["6to4 of a public IPv4", "2002:808:808::1"],
      ["public IPv6", "2606:4700:4700::1111"],
    ];
    for (const [what, address] of isPublicAddress) {
      it(`C43: ${what} (${address}) is public`, () => {
        assert.equal(isPrivateAddress(address), false);
      });
    }

    // WHATWG URL parsing turns every IPv4 spelling into dotted decimal and IPv6 into its short form, so the guard sees
    // the address the request would reach.
    const hosts: [string, string][] = [
      ["https://0x7f000001/hook", "127.0.0.1"],
      ["https://2130706433/hook", "127.0.0.1"],
      ["https://127.1/hook", "127.0.0.1"],
      ["https://0177.0.0.1/hook", "127.0.0.1"],
      ["https://0x7f.0.0.1/hook", "127.0.0.1"],
      ["https://127.0.0.1./hook", "127.0.0.1"],
      ["https://0xa9.0xfe.0xa9.0xfe/latest", "169.254.169.254"],
      ["https://[0:0:0:0:0:ffff:127.0.0.1]/hook", "::ffff:7f00:1"],
      ["https://[::127.0.0.1]/hook", "::7f00:1"],
      ["https://[64:ff9b::127.0.0.1]/hook", "64:ff9b::7f00:1"],
    ];
    for (const [url, address] of hosts) {
      it(`C43: ${url} is refused as ${address} under the strict policy`, async () => {
        assert.equal(new URL(url).hostname.replace(/^\[(.*)\]$/, "$1"), address);
        await assert.rejects(checkWebhookUrl(url, { allowPrivate: false }), {
          name: "UnsafeUrl",
          message: `its host resolves to ${address}, which is not a public address`,
        });
      });
    }
  });
});
