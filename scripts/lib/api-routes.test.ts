import assert from "node:assert/strict";
import fs from "node:fs";
import { describe, test } from "node:test";
import { apiRoutes, implementedMethods, renderTable, TABLE_FILE } from "./api-routes.ts";

describe("API route table", () => {
  test("C41: the generated table matches the route files (run `npm run routes` after adding a route)", () => {
    assert.equal(fs.readFileSync(TABLE_FILE, "utf8"), renderTable(apiRoutes()));
  });

  test("reads the methods a route hands to methods({...}), shared handlers included", () => {
    const source = `const submit = x;\nexport const { GET, PUT } = methods({ PATCH: submit, PUT: submit, GET: withBearer({}, f) }, { cors: true });`;
    assert.deepEqual(implementedMethods(source, "route.ts"), ["PATCH", "PUT", "GET"]);
    assert.equal(implementedMethods("export function GET() {}", "route.ts"), undefined);
  });
});
