import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { edgeRefusal, isUnstorable, type EdgeRequest } from "./edge.ts";
import { apiRouteOf } from "./route-table.ts";
import { STATUS } from "./status-table.ts";

const base: EdgeRequest = {
  method: "GET",
  pathname: "/api/ibans",
  search: "",
  environment: "sandbox",
  apiPrefix: "/api",
};
const statusOf = (change: Partial<EdgeRequest>) => {
  const refusal = edgeRefusal({ ...base, ...change });
  return refusal ? STATUS[refusal.code].status : undefined;
};

describe("edge rules", () => {
  test("C40: NUL and unpaired surrogates are unstorable; paired ones and plain text are fine", () => {
    for (const bad of ["\u0000", "a\u0000b", "\ud800", "x\udc00", "\udc00\ud800"])
      assert.equal(isUnstorable(bad), true, bad);
    for (const good of ["", "plain", "😀", "Jón Þór", "\ufffd"]) assert.equal(isUnstorable(good), false, good);
  });

  test("C40: NUL in the path or query and broken percent-encoding are 400 on every method", () => {
    for (const method of ["GET", "POST", "TRACE"]) {
      assert.equal(statusOf({ method, pathname: "/api/ibans/a%00b" }), 400);
      assert.equal(statusOf({ method, search: "?iban=%00" }), 400);
      assert.equal(statusOf({ method, pathname: "/api/ibans/%ED%A0%80" }), 400);
      assert.equal(statusOf({ method, pathname: "/authorize/%ZZ" }), 400);
    }
    assert.equal(statusOf({ search: "?profile=%2500" }), undefined, "an encoded percent sign is no NUL");
  });

  test("C41: methods no handler implements are 405 with the route's own Allow; implemented ones pass", () => {
    const refusal = edgeRefusal({ ...base, method: "PROPFIND", pathname: "/api/webhooks/abc" });
    assert.equal(refusal?.code, "METHOD_NOT_ALLOWED");
    assert.equal(refusal?.headers?.allow, "GET, PUT, PATCH, DELETE, HEAD");
    assert.equal(statusOf({ method: "TRACE", pathname: "/sign-in" }), 405);
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      assert.equal(statusOf({ method }), undefined, method);
    }
  });

  test("C41: unknown paths, the admin API and (in production) the simulator answer 404, not 405", () => {
    assert.equal(statusOf({ method: "TRACE", pathname: "/api/nothing/here" }), 404);
    assert.equal(statusOf({ method: "TRACE", pathname: "/api/admin/profiles" }), 404);
    assert.equal(statusOf({ method: "TRACE", pathname: "/api/sandbox/payments" }), 405);
    assert.equal(statusOf({ method: "TRACE", pathname: "/api/sandbox/payments", environment: "production" }), 404);
  });

  test("a literal segment wins over a parameter, as in Next.js routing", () => {
    assert.equal(apiRouteOf("/auth/token")?.pattern, "/auth/token");
    assert.equal(apiRouteOf("/profiles/p1/details")?.pattern, "/profiles/[profile]/details");
    assert.equal(apiRouteOf("/profiles/p1/nothing"), undefined);
  });
});
