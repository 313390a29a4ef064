import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { safeNext } from "./safe-next.ts";

const APP = "http://localhost:3000";

describe("safeNext", () => {
  const kept: [string, string][] = [
    ["/", "/"],
    ["/operator", "/operator"],
    ["/operator/outbox?page=2#latest", "/operator/outbox?page=2#latest"],
    ["/authorize/consent?request=abc", "/authorize/consent?request=abc"],
    ["/developers/apps/1/try", "/developers/apps/1/try"],
    ["/sign-in?next=%2Foperator", "/sign-in?next=%2Foperator"],
    ["/a b", "/a%20b"],
    ["/operator/../developers", "/developers"],
    ["http://localhost:3000/operator", "/operator"],
    ["operator", "/operator"],
    ["?tab=orders", "/?tab=orders"],
  ];
  for (const [next, expected] of kept) {
    it(`C39: ${JSON.stringify(next)} stays on the site as ${expected}`, () =>
      assert.equal(safeNext(next, APP), expected));
  }

  const hostile = [
    undefined,
    "",
    "//evil.example",
    "///evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/x/..//evil.example",
    "https://evil.example",
    "https://evil.example/operator",
    "HTTPS://evil.example",
    "https:evil.example",
    "http://localhost:3000@evil.example/",
    "http://localhost:3001/operator",
    "https://localhost:3000/operator",
    "http://localhost.evil.example:3000/",
    "/%2F%2Fevil.example",
    "/%2f%2fevil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%09/evil.example",
    "%09//evil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "%68ttps://evil.example",
    "/%zz",
    "javascript:alert(document.domain)",
    "JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "mailto:someone@evil.example",
  ];
  for (const next of hostile) {
    it(`C39: ${JSON.stringify(next)} goes home`, () => assert.equal(safeNext(next, APP), "/"));
  }

  it("C39: every path it returns resolves to the same path again (what is returned is what the browser follows)", () => {
    for (const next of [...kept.map(([n]) => n), ...hostile]) {
      const path = safeNext(next, APP);
      const followed = new URL(path, APP);
      assert.equal(followed.origin, APP, String(next));
      assert.equal(safeNext(path, APP), path, String(next));
    }
  });

  it("C39: an app URL that is not a URL sends everything home", () => {
    assert.equal(safeNext("/operator", "not a url"), "/");
  });
});
