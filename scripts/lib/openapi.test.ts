import assert from "node:assert/strict";
import fs from "node:fs";
import { describe, test } from "node:test";
import { summaryOf } from "./api-operations.ts";
import { OPENAPI_FILE, renderOpenApi } from "./openapi.ts";

describe("OpenAPI document", () => {
  test("issue 18: the generated document matches the route files and their schemas (run `npm run routes`)", async () => {
    assert.equal(fs.readFileSync(OPENAPI_FILE, "utf8"), await renderOpenApi());
  });

  test("a route file's first line gives each method its summary", () => {
    const source = "// GET /sandbox/settings — the simulator's settings; PATCH — change them (every instance)\n";
    assert.equal(summaryOf(source, "GET"), "the simulator's settings");
    assert.equal(summaryOf(source, "PATCH"), "change them (every instance)");
    assert.equal(summaryOf("// PATCH|PUT /profiles/{profile}/form — submit the form\n", "PUT"), "submit the form");
    assert.equal(summaryOf("// GET /auth (query) and POST /auth (form) — start it\n", "POST"), "start it");
    assert.equal(summaryOf("// GET /x — read\n", "DELETE"), "");
  });
});
