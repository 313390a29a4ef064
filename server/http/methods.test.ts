import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { withPublic } from "./callers.ts";
import { AppError } from "../errors.ts";
import { GUARD, type GuardedHandler, type RouteContext } from "./handler.ts";
import { methods } from "./methods.ts";
import { scratchDir } from "../testing/scratch-dir.ts";

before(() => {
  process.env.TOKENRAIL_DATA_DIR = scratchDir("tokenrail-methods-");
  process.env.LOG_LEVEL = "silent";
});

const ctx: RouteContext = { params: Promise.resolve({}) };
const call = (method: string, headers: Record<string, string> = {}) =>
  new Request("http://test/api/admin/things", { method, headers });

/** A GET handler whose guard admits requests carrying `x-allowed` (as `withOperator` admits operators). */
function guardedGet(): GuardedHandler {
  const handler: GuardedHandler = withPublic({}, () => Promise.resolve({ ok: true }));
  handler[GUARD] = (req) =>
    req.headers.has("x-allowed") ? Promise.resolve() : Promise.reject(new AppError("NOT_FOUND", "Not found"));
  return handler;
}

describe("route methods", () => {
  it("refuse methods a route does not implement with 405 and Allow, and answer OPTIONS with 204", async () => {
    const route = methods({ GET: withPublic({}, () => Promise.resolve({})) });
    const refused = await route.POST(call("POST"), ctx);
    assert.equal(refused.status, 405);
    assert.equal(refused.headers.get("allow"), "GET, HEAD");
    assert.equal((await route.OPTIONS(call("OPTIONS"), ctx)).status, 204);
  });

  it("hide a guarded route on every method from a caller its guard refuses: the same 404, not a 405 or 204", async () => {
    const route = methods({ GET: guardedGet() });
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
      const res = await route[method](call(method), ctx);
      assert.equal(res.status, 404, method);
      assert.deepEqual(await res.json(), { code: 404, status: "Not Found", message: "Not found" }, method);
    }
    const allowed = { "x-allowed": "1" };
    assert.equal((await route.POST(call("POST", allowed), ctx)).status, 405);
    assert.equal((await route.OPTIONS(call("OPTIONS", allowed), ctx)).status, 204);
  });
});
