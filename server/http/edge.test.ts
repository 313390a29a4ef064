import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isUnstorable } from "../unstorable.ts";
import { edgeRefusal, type EdgeRequest } from "./edge.ts";
import fc from "fast-check";
import { API_ROUTES } from "./api-routes.generated.ts";
import { apiRouteOf, type ApiRoute } from "./route-table.ts";
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

  test("a literal that leads nowhere gives way to a parameter at the same segment", () => {
    const routes: ApiRoute[] = [
      { pattern: "/a/b/c", allow: "GET" },
      { pattern: "/a/[x]/d", allow: "POST" },
      { pattern: "/[y]/b/d", allow: "PUT" },
    ];
    assert.equal(apiRouteOf("/a/b/c", routes)?.pattern, "/a/b/c");
    assert.equal(apiRouteOf("/a/b/d", routes)?.pattern, "/a/[x]/d");
    assert.equal(apiRouteOf("/z/b/d", routes)?.pattern, "/[y]/b/d");
    assert.equal(apiRouteOf("/a/b", routes), undefined);
  });

  test("every path made of the table's segments reaches the route Next.js ranks first", () => {
    // Next.js's rule stated directly: among the patterns of the path's length that match it, the one whose first
    // differing segment is a literal rather than a parameter.
    const ranked = (path: string): ApiRoute | undefined => {
      const segments = path.split("/").filter(Boolean);
      const matching = API_ROUTES.flatMap((route) => {
        const parts = route.pattern.split("/").filter(Boolean);
        if (parts.length !== segments.length) return [];
        const rank = parts.map((part, i) => (part.startsWith("[") ? "1" : part === segments[i] ? "0" : "x")).join("");
        return rank.includes("x") ? [] : [{ route, rank }];
      });
      return matching.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))[0]?.route;
    };
    const words = [...new Set(API_ROUTES.flatMap((route) => route.pattern.split("/").filter(Boolean)))];
    const segment = fc.oneof(fc.constantFrom(...words), fc.constantFrom("p1", "0x12", "nothing"));
    fc.assert(
      fc.property(fc.array(segment, { minLength: 0, maxLength: 5 }), (segments) => {
        const path = `/${segments.join("/")}`;
        assert.equal(apiRouteOf(path), ranked(path), path);
      }),
      { numRuns: 2000 },
    );
    for (const route of API_ROUTES) assert.equal(apiRouteOf(route.pattern), ranked(route.pattern), route.pattern);
  });
});
