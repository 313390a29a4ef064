import { expect, test, type Page } from "@playwright/test";
import { clientCredentialsToken, server } from "../fixtures/api.ts";
import { checkAccessibility } from "../fixtures/accessibility.ts";

// Issue 18: the reference renders from the served document inside this instance's pages, with nothing fetched from
// elsewhere, and its "Test Request" calls this instance with a pasted token; the guides beside it.

const ORIGINS = new Set([new URL(server.appUrl).origin, new URL(server.baseUrl).origin]);

/** Aborts every request for another origin, and remembers it: a page of the docs must need none. */
async function blockOtherOrigins(page: Page): Promise<string[]> {
  const attempted: string[] = [];
  await page.context().route(
    (url) => !ORIGINS.has(url.origin),
    (route) => {
      attempted.push(route.request().url());
      return route.abort("blockedbyclient");
    },
  );
  return attempted;
}

/** The console's Content-Security-Policy refusals, and the page's errors. */
function watchConsole(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  page.on("pageerror", (error) => seen.push(`page error: ${error.message}`));
  return seen;
}

test("issue 18: /docs renders the reference from the served document, with no request to another origin", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const attempted = await blockOtherOrigins(page);
  const problems = watchConsole(page);
  const documentLoaded = page.waitForResponse(`${server.baseUrl}/openapi.json`);
  const res = await page.goto("/docs");
  expect(res?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(res?.headers()["content-security-policy"]).not.toMatch(/unsafe-eval/);
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
  expect((await documentLoaded).status()).toBe(200);

  // The document's title and server, then the operation list: each tag lists its operations by method and path.
  const reference = page.getByRole("region", { name: "API reference" });
  await expect(reference.getByRole("heading", { name: "Tokenrail API", level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(reference.getByText(server.baseUrl, { exact: true }).first()).toBeVisible();
  // The reference renders a tag's operations when it is opened.
  await page.goto("about:blank");
  await page.goto("/docs#tag/orders");
  const operations = reference.locator(".endpoint");
  for (const operation of [/^\s*post\s*\/orders$/i, /^\s*get\s*\/orders\/\{orderId\}$/i]) {
    await expect(operations.filter({ hasText: operation }).first()).toBeVisible({ timeout: 20_000 });
  }

  // An operation shows its parameters: GET /orders takes its filters as query parameters.
  await page.goto("about:blank");
  await page.goto("/docs#tag/orders/GET/orders");
  for (const parameter of ["txHash", "cursor"]) {
    await expect(reference.getByText(parameter, { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  }

  // The webhooks section is rendered too, with the signature headers.
  await page.goto("about:blank");
  await page.goto("/docs#tag/webhooks/webhook/POST/order.created");
  await expect(reference.getByText("webhook-signature", { exact: true }).first()).toBeVisible({ timeout: 20_000 });

  await page.screenshot({ path: testInfo.outputPath("docs.png") });
  expect(attempted).toEqual([]);
  expect(problems).toEqual([]);
});

test('issue 18: /docs "Test Request" calls this instance with a pasted client-credentials token and gets 200', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const attempted = await blockOtherOrigins(page);
  const token = await clientCredentialsToken(request);
  await page.goto("/docs#tag/authentication/GET/auth/context");
  await page.getByLabel("Access token for “Test Request”").fill(token);
  await page.getByRole("button", { name: "Use this token" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Test requests now send this token" })).toBeVisible();

  const operation = page
    .locator("section")
    .filter({ has: page.getByText("/auth/context", { exact: true }) })
    .filter({ has: page.getByRole("button", { name: /Test Request/ }) })
    .last();
  await operation.getByRole("button", { name: /Test Request/ }).click();
  const answered = page.waitForResponse((res) => res.url() === `${server.baseUrl}/auth/context`);
  await page.getByRole("button", { name: /^Send/ }).first().click();
  const response = await answered;
  expect(response.request().headers().authorization).toBe(`Bearer ${token}`);
  expect(response.status()).toBe(200);
  const context = (await response.json()) as { auth: { method: string; subject: string } };
  expect(context.auth).toMatchObject({ method: "apikey", subject: server.demo.clientId });
  await expect(page.getByText("200 OK").first()).toBeVisible();
  expect(attempted).toEqual([]);
});

for (const guide of [
  {
    path: "/docs/oauth",
    title: "OAuth guide",
    sections: ["Authorization code with PKCE", "Client credentials", "Refreshing", "Sign-In with Ethereum", "Errors"],
  },
  {
    path: "/docs/webhooks",
    title: "Webhook guide",
    sections: [
      "Subscribing",
      "The signature (Standard Webhooks)",
      "Verifying in Node.js",
      "Verifying in Python",
      "Answering, retries and idempotency",
    ],
  },
]) {
  test(`issue 18: ${guide.path} renders, its links work and axe finds nothing serious`, async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const attempted = await blockOtherOrigins(page);
    const problems = watchConsole(page);
    await page.goto(guide.path);
    await expect(page.getByRole("heading", { name: guide.title, level: 1 })).toBeVisible();
    for (const section of guide.sections) {
      await expect(page.getByRole("heading", { name: section, exact: true })).toBeVisible();
    }
    await expect(
      page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: guide.title }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.locator("pre code").first()).toContainText(server.baseUrl);

    // Every link is to this instance and answers; a link to a fragment finds its target.
    const hrefs = await page
      .locator("main a[href]")
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of new Set(hrefs)) {
      const url = new URL(href);
      expect(ORIGINS.has(url.origin), href).toBe(true);
      const res = await page.request.get(href, { maxRedirects: 0 });
      expect([200, 307], `${href} answered ${res.status()}`).toContain(res.status());
      if (url.hash) {
        await page.goto(href);
        await expect(page.locator(url.hash)).toBeAttached();
      }
    }
    await page.goto(guide.path);
    await checkAccessibility(page, testInfo, guide.path.replaceAll("/", "-").slice(1));
    expect(attempted).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test("C61 / WCAG 2.2: /docs with Scalar's reference passes axe at 1280 and 360 px, and the home page and portal link to the docs", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.goto("/");
  await page.getByRole("link", { name: "Read the API documentation" }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
  await expect(page.locator(".docs-scalar .endpoint").first()).toBeAttached({ timeout: 20_000 });
  // Issue 23, defect 6: the reference's own editors (the server and authentication fields) had no name and lacked the
  // ARIA a combobox needs. The whole page is scanned, the renderer's markup included.
  await checkAccessibility(page, testInfo, "docs");
  await page.goto("/developers");
  await page.getByRole("link", { name: "webhook guide" }).click();
  await expect(page.getByRole("heading", { name: "Webhook guide", level: 1 })).toBeVisible();
});
