import assert from "node:assert/strict";
import { test } from "node:test";
import { routeLabel } from "./route-label.ts";

test("a request's metrics label is its route's pattern or a bounded area, never the raw path", () => {
  const cases: [string, string][] = [
    ["/api/orders", "/api/orders"],
    ["/api/orders/9b0a3c1e-1111-4111-8111-111111111111", "/api/orders/[orderId]"],
    ["/api/webhooks/abc/deliveries", "/api/webhooks/[subscription]/deliveries"],
    ["/api", "/api"],
    ["/api/no/such/route/here", "/api/*"],
    ["/livez", "/livez"],
    ["/readyz", "/readyz"],
    ["/metrics", "/metrics"],
    ["/", "/"],
    ["/_next/static/chunks/abc.js", "/_next/*"],
    ["/authorize/account", "/authorize/*"],
    ["/operator/profiles/123", "/operator/*"],
    ["/wp-admin/login.php", "other"],
  ];
  for (const [path, label] of cases) assert.equal(routeLabel(path, "/api"), label, path);
});
