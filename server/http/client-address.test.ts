import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { ConfigError, loadConfig } from "../config.ts";
import { clientAddress } from "./client-address.ts";

/** The header as the edge leaves it: the client's hops, then the socket's peer (edge-server.ts). */
const forwarded = (...hops: string[]) => new Headers({ "x-forwarded-for": hops.join(", ") });
const LOOPBACK = ["127.0.0.0/8", "::1/128"];

describe("issue 11: the client address the per-client limits count", () => {
  test("C55: with no trusted proxy the socket's peer is the client, whatever the client wrote", () => {
    assert.equal(clientAddress(forwarded("203.0.113.8", "198.51.100.7"), []), "198.51.100.7");
    assert.equal(clientAddress(forwarded("::ffff:198.51.100.7"), []), "198.51.100.7");
    assert.equal(clientAddress(forwarded("127.0.0.1", "10.1.2.3"), LOOPBACK), "10.1.2.3");
  });

  test("C55: behind trusted proxies the client is the right-most hop that is not one", () => {
    assert.equal(clientAddress(forwarded("198.51.100.1", "203.0.113.8", "127.0.0.1"), LOOPBACK), "203.0.113.8");
    assert.equal(clientAddress(forwarded("198.51.100.1", "203.0.113.8", "127.0.0.9", "::1"), LOOPBACK), "203.0.113.8");
    // Every hop a trusted proxy: the left-most is as far as anyone can tell.
    assert.equal(clientAddress(forwarded("127.0.0.2", "127.0.0.1"), LOOPBACK), "127.0.0.2");
    // A hop that is no address (a proxy's `unknown`) is the client's name; nothing left of it is believed.
    assert.equal(clientAddress(forwarded("203.0.113.8", "unknown", "127.0.0.1"), LOOPBACK), "unknown");
    // Ports and brackets, as some proxies write a hop.
    assert.equal(clientAddress(forwarded("203.0.113.8:4711", "127.0.0.1"), LOOPBACK), "203.0.113.8");
    assert.equal(clientAddress(forwarded("[2001:db8::1]:443", "127.0.0.1"), LOOPBACK), "2001:db8::/64");
    // Numbers that only lenient parsers read as addresses are not trusted proxies.
    assert.equal(clientAddress(forwarded("203.0.113.8", "2130706433", "127.0.0.1"), LOOPBACK), "2130706433");
    assert.equal(clientAddress(new Headers(), LOOPBACK), "unknown");
  });

  test("C55: an IPv6 client is counted by its /64, in one spelling", () => {
    for (const spelling of ["2001:db8::1", "2001:DB8:0:0::ffff", "2001:0db8:0000:0000:1:2:3:4"]) {
      assert.equal(clientAddress(forwarded(spelling), []), "2001:db8::/64", spelling);
    }
    assert.equal(clientAddress(forwarded("2001:db8:0:1::1"), []), "2001:db8:0:1::/64");
  });

  test("C55: property: whatever a client writes left of an untrusted peer, the peer is the client (seeded)", () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const ipv4 = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join("."));
    const junk = fc.string({ maxLength: 30 }).map((text) => text.replaceAll(",", ""));
    const hop = fc.oneof(ipv4, junk, fc.constant("127.0.0.1"));
    fc.assert(
      fc.property(fc.array(hop, { maxLength: 8 }), ipv4, (written, peer) => {
        const trusted = peer.startsWith("127.") ? [] : LOOPBACK;
        const expected = clientAddress(forwarded(peer), trusted);
        assert.equal(clientAddress(forwarded(...written, peer), trusted), expected);
      }),
      { seed: 11, numRuns: 500 },
    );
  });

  test("issue 11: TOKENRAIL_TRUSTED_PROXIES takes addresses and CIDR ranges, and refuses anything else at boot", () => {
    const config = loadConfig({ TOKENRAIL_TRUSTED_PROXIES: " 10.0.0.0/8, 2001:DB8::/32 ,192.0.2.7,::ffff:10.1.1.1" });
    assert.deepEqual(config.trustedProxies, ["10.0.0.0/8", "2001:db8::/32", "192.0.2.7/32", "10.1.1.1/32"]);
    assert.deepEqual(loadConfig({}).trustedProxies, []);
    assert.throws(
      () => loadConfig({ TOKENRAIL_TRUSTED_PROXIES: "10.0.0.0/33, proxy.lan, 10.0.0.1/x" }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.filter((p) => p.startsWith("TOKENRAIL_TRUSTED_PROXIES:")).length === 3,
    );
  });
});
