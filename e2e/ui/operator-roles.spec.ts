import { expect, test, type APIRequestContext } from "@playwright/test";
import { server } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { adminApiRoutes, operatorPages } from "../fixtures/console-routes.ts";
import { expectApiHidden, expectPagesHidden, NOT_FOUND } from "../fixtures/operator-hidden.ts";
import { signUp, startOnboarding } from "../fixtures/onboarding.ts";
import { operatorSession, roleOperatorEmail, roleOperatorSession, type OperatorRole } from "../fixtures/operator.ts";
import { operatorCopy } from "../../components/copy/operator.ts";

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

// C58: which role each part of the console belongs to. A route or page added later that is not listed here fails the
// test below, so that its role is decided, not forgotten.
type Need = OperatorRole | "reviewer|treasurer" | "any";
const ROLE_OF: [prefix: string, need: Need][] = [
  ["/api/admin/profiles", "reviewer"],
  ["/api/admin/files", "reviewer|treasurer"],
  ["/api/admin/orders", "treasurer"],
  ["/api/admin/bank", "treasurer"],
  ["/api/admin/ledger", "treasurer"],
  ["/api/admin/applications", "admin"],
  ["/api/admin/audit", "admin"],
  ["/api/admin/events", "admin"],
  ["/api/admin/operators", "admin"],
  ["/api/admin/countries", "admin"],
  ["/api/admin/approvals", "any"],
  ["/api/admin/screening", "compliance"],
  ["/api/admin/monitoring", "compliance"],
  ["/operator/profiles", "reviewer"],
  ["/operator/orders", "treasurer"],
  ["/operator/bank", "treasurer"],
  ["/operator/ledger", "treasurer"],
  ["/operator/applications", "admin"],
  ["/operator/audit", "admin"],
  ["/operator/outbox", "admin"],
  ["/operator/keys", "admin"],
  ["/operator/operators", "admin"],
  ["/operator/countries", "admin"],
  ["/operator/approvals", "any"],
  ["/operator/screening", "compliance"],
  ["/operator/security", "any"],
  ["/operator/supply", "any"],
];

function needOf(path: string): Need {
  if (path === "/operator") return "reviewer";
  const found = ROLE_OF.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  expect(found, `${path} is given a role in ROLE_OF`).toBeDefined();
  return found![1];
}

/** Where the console's landing takes each role (the first section of the tabs it may open). */
const LANDS_ON: Record<OperatorRole, string> = {
  reviewer: "/operator",
  treasurer: "/operator/orders",
  admin: "/operator/approvals",
  compliance: "/operator/screening",
};

const allows = (role: OperatorRole, need: Need) => need === "any" || need.split("|").includes(role);

test("C58 a reviewer, a treasurer, an admin and a compliance officer each reach exactly their admin API routes and console pages", async () => {
  test.setTimeout(150_000);
  const refused = operatorCopy.roleRefused.title;
  for (const role of ["reviewer", "treasurer", "admin", "compliance"] as const) {
    const operator = await roleOperatorSession(role);
    try {
      for (const route of apiRoutes) {
        const label = `${role}: ${route.path} (${route.file})`;
        if (allows(role, needOf(route.path))) {
          // Reached: whatever the route answers (a list, a missing id, a method it lacks), not the hidden 404.
          const res = await operator.get(route.path);
          const body = res.headers()["content-type"]?.includes("json") ? ((await res.json()) as unknown) : null;
          expect(res.status() === 404 && JSON.stringify(body) === JSON.stringify(NOT_FOUND), label).toBe(false);
          expect((await operator.fetch(route.path, { method: "OPTIONS" })).status(), label).toBe(204);
        } else {
          for (const method of ["GET", "POST", "OPTIONS"].filter((m) => route.methods.includes(m))) {
            const res = await operator.fetch(route.path, { method, ...(method === "POST" ? { data: {} } : {}) });
            expect(res.status(), `${method} ${label}`).toBe(404);
            if (method !== "OPTIONS") expect(await res.json(), `${method} ${label}`).toEqual(NOT_FOUND);
          }
        }
      }
      for (const path of pages) {
        const res = await operator.get(path, { maxRedirects: 0 });
        const allowed = allows(role, needOf(path));
        // The landing takes an operator it is not for to the first section their roles open.
        if (path === "/operator" && !allowed) {
          expect(res.status(), `${role}: ${path}`).toBe(307);
          expect(res.headers().location, `${role}: ${path}`).toBe(LANDS_ON[role]);
          continue;
        }
        // A page of one thing (a random id here) may not find it; the role is checked before that.
        const missing = allowed && /[0-9a-f]{8}-/.test(path) && res.status() === 404;
        expect(missing || res.status() === 200, `${role}: ${path} (${res.status()})`).toBe(true);
        const html = await res.text();
        expect(html.includes(refused), `${role}: ${path} says whether the role allows it`).toBe(!allowed);
      }
      // The tabs show what the role allows and nothing else.
      const nav = await (await operator.get("/operator/approvals")).text();
      for (const tab of [
        "/operator/orders",
        "/operator/bank",
        "/operator/ledger",
        "/operator/screening",
        "/operator/operators",
        "/operator/audit",
      ]) {
        expect(nav.includes(`href="${tab}"`), `${role} sees the ${tab} tab`).toBe(allows(role, needOf(tab)));
      }
    } finally {
      await operator.dispose();
    }
  }
});

test("C58 an operator whose role does not allow a page is told so in the console", async ({ page }) => {
  await page.goto("/sign-in?next=/operator/orders");
  await page.getByLabel("Email").fill(roleOperatorEmail("reviewer"));
  await page.getByLabel("Password").fill(server.demo.operatorPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: operatorCopy.roleRefused.title })).toBeVisible();
  const open = [operatorCopy.sections.review, operatorCopy.sections.approvals, operatorCopy.sections.security];
  const tabs = page.getByRole("navigation", { name: operatorCopy.sections.label });
  await expect(tabs.getByRole("link")).toHaveText(open);
  // The refusal offers the sections the role opens, and they open.
  await expect(page.getByRole("main").getByRole("link")).toHaveText(open);
  await page.getByRole("main").getByRole("link", { name: operatorCopy.sections.approvals }).click();
  await expect(page).toHaveURL(/\/operator\/approvals$/);
});

test("C58 an operator signing in lands on the first section their roles open, not on a refusal", async ({ page }) => {
  await page.goto("/sign-in?next=/operator");
  await page.getByLabel("Email").fill(roleOperatorEmail("treasurer"));
  await page.getByLabel("Password").fill(server.demo.operatorPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/operator\/orders$/);
  await expect(page.getByRole("heading", { name: operatorCopy.roleRefused.title })).toHaveCount(0);
});
