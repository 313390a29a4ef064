import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { contentDisposition, downloadResponse } from "./download.ts";

describe("downloads", () => {
  it("name the file as an attachment, with an ASCII fallback and the UTF-8 name", () => {
    assert.equal(contentDisposition("doc.pdf"), `attachment; filename="doc.pdf"; filename*=UTF-8''doc.pdf`);
    assert.equal(
      contentDisposition('Überweisung "März" (1).pdf'),
      `attachment; filename="_berweisung _M_rz_ (1).pdf"; filename*=UTF-8''%C3%9Cberweisung%20%22M%C3%A4rz%22%20%281%29.pdf`,
    );
    assert.equal(
      contentDisposition("../../etc/passwd"),
      `attachment; filename=".._.._etc_passwd"; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`,
    );
    assert.equal(
      contentDisposition("a\\b%20'*.png"),
      `attachment; filename="a_b_20'*.png"; filename*=UTF-8''a%5Cb%2520%27%2A.png`,
    );
  });

  it("are never sniffed nor cached by shared caches", () => {
    const res = downloadResponse({ name: "x.png", type: "image/png", size: 3, content: new Blob(["abc"]).stream() });
    assert.equal(res.headers.get("content-type"), "image/png");
    assert.equal(res.headers.get("content-length"), "3");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(res.headers.get("cache-control"), "private, no-store");
    assert.match(res.headers.get("content-disposition") ?? "", /^attachment; /);
  });

  it("show pictures and PDFs in place, in a sandbox, when asked; anything else stays an attachment", () => {
    const file = (type: string) => ({ name: "scan", type, size: 3, content: new Blob(["abc"]).stream() });
    for (const type of ["image/png", "image/jpeg", "application/pdf"]) {
      const res = downloadResponse(file(type), { inline: true });
      assert.match(res.headers.get("content-disposition") ?? "", /^inline; filename="scan"/, type);
      assert.equal(res.headers.get("content-security-policy"), "sandbox; frame-ancestors 'self'", type);
      assert.equal(res.headers.get("x-content-type-options"), "nosniff", type);
    }
    for (const type of ["text/html", "image/svg+xml", "application/octet-stream"]) {
      const res = downloadResponse(file(type), { inline: true });
      assert.match(res.headers.get("content-disposition") ?? "", /^attachment; /, type);
    }
    const plain = downloadResponse(file("image/png"));
    assert.match(plain.headers.get("content-disposition") ?? "", /^attachment; /);
    assert.equal(plain.headers.get("content-security-policy"), "frame-ancestors 'none'");
  });
});
