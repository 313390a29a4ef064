import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { declaredTypeAgrees, sniffType } from "./sniff.ts";

const bytes = (...b: number[]) => Uint8Array.from(b);

describe("content sniffing", () => {
  it("recognises PDF, JPEG and PNG by their first bytes", () => {
    assert.equal(sniffType(Buffer.from("%PDF-1.4\n%âãÏÓ")), "application/pdf");
    assert.equal(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46)), "image/jpeg");
    assert.equal(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d)), "image/png");
  });

  it("recognises nothing else, nor a truncated signature", () => {
    for (const head of [
      Buffer.from("hello world"),
      Buffer.from("<html><script>"),
      Buffer.from("%PDF"),
      Buffer.from(" %PDF-1.4"),
      bytes(0xff, 0xd8),
      bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a),
      bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61), // GIF89a
      new Uint8Array(0),
    ]) {
      assert.equal(sniffType(head), undefined, Buffer.from(head).toString("latin1"));
    }
  });

  it("accepts a declared type that agrees, an alias, or none; refuses one that disagrees", () => {
    assert.ok(declaredTypeAgrees("application/pdf", "application/pdf"));
    assert.ok(declaredTypeAgrees("Application/PDF; name=x", "application/pdf"));
    assert.ok(declaredTypeAgrees("image/jpg", "image/jpeg"));
    assert.ok(declaredTypeAgrees(undefined, "image/png"));
    assert.ok(declaredTypeAgrees("application/octet-stream", "image/png"));
    assert.ok(!declaredTypeAgrees("application/pdf", "image/png"));
    assert.ok(!declaredTypeAgrees("text/html", "application/pdf"));
    assert.ok(!declaredTypeAgrees("image/svg+xml", "image/png"));
  });
});
