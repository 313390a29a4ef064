import { expect, test, type APIRequestContext } from "@playwright/test";
import { server } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { adminApiRoutes, operatorPages } from "../fixtures/console-routes.ts";
import { expectApiHidden, expectPagesHidden } from "../fixtures/operator-hidden.ts";
import { signUp, startOnboarding } from "../fixtures/onboarding.ts";
import { operatorSession } from "../fixtures/operator.ts";

// The operator console does not announce itself: whoever is not an operator meets the 404 of a route that does not
// exist, on every admin API method and every console page (a visitor is first asked to sign in on pages). The
// routes come from the app's files, so routes added later are checked too.
const apiRoutes = adminApiRoutes();
const pages = operatorPages();

const expectHidden = (request: APIRequestContext, who: string) => expectApiHidden(request, server.appUrl, who);

test("issue 9: a non-admin gets 404 on every console route and admin API", async ({ page, request }) => {
  // Over a hundred requests: room for a busy machine.
  test.setTimeout(90_000);
  // The enumeration really finds the console: the review queue, the audit log and the admin API's routes.
  expect(apiRoutes.length).toBeGreaterThanOrEqual(14);
  expect(apiRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(["/api/admin/profiles", "/api/admin/audit"]));
  expect(apiRoutes.every((r) => r.methods.includes("GET") && r.methods.includes("OPTIONS"))).toBe(true);
  expect(pages).toEqual(expect.arrayContaining(["/operator", "/operator/audit", "/operator/outbox"]));
  expect(pages.some((p) => /^\/operator\/profiles\/[0-9a-f-]{36}$/.test(p))).toBe(true);

  // A visitor: 404 from the API, a sign-in that returns to the page asked for.
  await expectHidden(request, "visitor");
  for (const path of pages) {
    const res = await request.get(`${server.appUrl}${path}`, { maxRedirects: 0 });
    expect(res.status(), path).toBe(307);
    expect(res.headers().location, path).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
  }
  // An application's token is no operator either.
  const partner = await request.post(`${server.baseUrl}/auth/token`, {
    form: {
      grant_type: "client_credentials",
      client_id: server.demo.clientId,
      client_secret: server.demo.clientSecret,
    },
  });
  const token = ((await partner.json()) as { access_token: string }).access_token;
  const asApplication = await request.get(`${server.appUrl}/api/admin/profiles`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(asApplication.status()).toBe(404);

  // A signed-in customer (an account made on the onboarding's account step): 404 everywhere.
  const email = uniqueEmail("not-an-operator");
  await startOnboarding(page, { email });
  await signUp(page, email);
  await expect(page).toHaveURL(/\/authorize\/profile\?request=/);
  const customer = page.context().request;
  const session = (await (await customer.get(`${server.appUrl}/web-auth/session`)).json()) as {
    user?: { email?: string };
  };
  expect(session.user?.email).toBe(email);
  await expectHidden(customer, "customer");
  await expectPagesHidden(customer, server.appUrl, "customer");
  const shown = await page.goto("/operator");
  expect(shown?.status()).toBe(404);

  // The operator, for contrast, is served the same routes.
  const operator = await operatorSession();
  for (const path of ["/operator", "/operator/audit", "/operator/outbox"]) {
    expect((await operator.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  }
  for (const route of apiRoutes.filter((r) => !/[0-9a-f]{8}-/.test(r.path))) {
    expect((await operator.get(route.path)).status(), route.path).toBe(200);
  }
  const options = await operator.fetch("/api/admin/profiles", { method: "OPTIONS" });
  expect(options.status()).toBe(204);
  await operator.dispose();
});
