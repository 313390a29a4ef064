import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, it } from "node:test";
import { EMPTY_PAYLOAD_HASH, signV4, uriEncode } from "./sigv4.ts";

// AWS's published examples ("Signature Calculations for the Authorization Header", Amazon S3 API reference).
const credentials = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
  service: "s3",
};
const AT = new Date("2013-05-24T00:00:00Z");

describe("SigV4", () => {
  it("signs AWS's GET object example", () => {
    const signed = signV4(
      {
        method: "GET",
        host: "examplebucket.s3.amazonaws.com",
        path: "/test.txt",
        headers: { Range: "bytes=0-9" },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      credentials,
      AT,
    );
    assert.equal(
      signed.canonicalRequest,
      [
        "GET",
        "/test.txt",
        "",
        "host:examplebucket.s3.amazonaws.com",
        "range:bytes=0-9",
        `x-amz-content-sha256:${EMPTY_PAYLOAD_HASH}`,
        "x-amz-date:20130524T000000Z",
        "",
        "host;range;x-amz-content-sha256;x-amz-date",
        EMPTY_PAYLOAD_HASH,
      ].join("\n"),
    );
    assert.equal(
      signed.stringToSign,
      "AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n" +
        "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972",
    );
    assert.equal(
      signed.headers.authorization,
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request," +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("signs AWS's PUT object example, whose key needs percent-encoding", () => {
    const payload = "Welcome to Amazon S3.";
    const payloadHash = createHash("sha256").update(payload).digest("hex");
    assert.equal(payloadHash, "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    const signed = signV4(
      {
        method: "PUT",
        host: "examplebucket.s3.amazonaws.com",
        path: "/test$file.text",
        headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
        payloadHash,
      },
      credentials,
      AT,
    );
    assert.equal(signed.pathAndQuery, "/test%24file.text");
    assert.equal(signed.signature, "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
  });

  it("encodes as S3 expects: unreserved characters kept, UTF-8 bytes escaped, slashes kept in paths only", () => {
    assert.equal(uriEncode("a b/ü~*", true), "a%20b/%C3%BC~%2A");
    assert.equal(uriEncode("a/b"), "a%2Fb");
  });
});
