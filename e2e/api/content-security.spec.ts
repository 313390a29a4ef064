import { expect, test, type APIRequestContext, type APIResponse } from "../fixtures/contract-test.ts";
import { api, server } from "../fixtures/api.ts";
import { REDIRECT } from "../fixtures/customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { pkcePair } from "../fixtures/pkce.ts";

// C45: every screen sends a Content-Security-Policy whose script-src is a nonce fresh for each response, and every
// script in the page carries it.

type Directives = Map<string, string[]>;

function directivesOf(res: APIResponse): Directives {
  const header = res.headers()["content-security-policy"] ?? "";
  // One policy only: a second header would be enforced beside it and could hide which one a page obeys.
  expect(header, res.url()).not.toContain(",");
  return new Map(
    header
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

function nonceOf(directives: Directives): string {
  const nonces = (directives.get("script-src") ?? []).filter((s) => s.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  return /^'nonce-([A-Za-z0-9+/_-]+=*)'$/.exec(nonces[0]!)?.[1] ?? "";
}

async function expectScreenPolicy(res: APIResponse): Promise<string> {
  expect(res.status(), res.url()).toBeLessThan(500);
  expect(res.headers()["content-type"], res.url()).toContain("text/html");
  const csp = directivesOf(res);
  const scriptSrc = csp.get("script-src") ?? [];
  expect(scriptSrc, res.url()).toContain("'strict-dynamic'");
  expect(scriptSrc, res.url()).not.toContain("'unsafe-inline'");
  // Production build: nothing is evaluated from strings.
  expect(scriptSrc, res.url()).not.toContain("'unsafe-eval'");
  expect(
    scriptSrc.filter((s) => s === "*" || s.endsWith(":")),
    res.url(),
  ).toEqual([]);
  expect(csp.get("object-src"), res.url()).toEqual(["'none'"]);
  expect(csp.get("base-uri"), res.url()).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors"), res.url()).toEqual(["'none'"]);
  expect(csp.get("default-src"), res.url()).toEqual(["'self'"]);
  expect(csp.get("form-action")?.[0], res.url()).toBe("'self'");
  const nonce = nonceOf(csp);
  expect(Buffer.from(nonce, "base64").length, "at least 128 random bits").toBeGreaterThanOrEqual(16);

  const html = await res.text();
  const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
  expect(scripts.length, `${res.url()} has scripts`).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, res.url()).toContain(`nonce="${nonce}"`);
  return nonce;
}

/** An authorization request of the demo application, as a browser starts it: its id on the account step. */
async function authorizationRequest(request: APIRequestContext): Promise<string> {
  const url = new URL(api("/auth"));
  url.search = new URLSearchParams({
    client_id: server.demo.codeClientId,
    redirect_uri: REDIRECT,
    code_challenge: pkcePair().challenge,
    code_challenge_method: "S256",
    state: "csp",
  }).toString();
  const res = await request.get(url.toString(), { maxRedirects: 0 });
  expect(res.status()).toBeGreaterThanOrEqual(300);
  const location = new URL(res.headers().location ?? "", server.appUrl);
  return location.searchParams.get("request") ?? "";
}

test("C45: the screens send a nonce-based script policy, fresh per response, and every script carries the nonce", async ({
  request,
}) => {
  const requestId = await authorizationRequest(request);
  expect(requestId).not.toBe("");
  const screens = [
    "/",
    "/sign-in",
    "/sign-in?next=%2Foperator",
    "/developers",
    "/docs",
    "/demo",
    "/set-password?token=unknown",
    `/authorize/account?request=${requestId}`,
    `/authorize/consent?request=${requestId}`,
    "/no-such-screen",
  ];
  for (const screen of screens) {
    const first = await expectScreenPolicy(await request.get(screen, { maxRedirects: 0 }));
    const second = await expectScreenPolicy(await request.get(screen, { maxRedirects: 0 }));
    expect(second, `${screen}: a new nonce for each response`).not.toBe(first);
  }
});

test("C45: the operator's and the developer's consoles send the same policy", async () => {
  const operator = await operatorSession();
  try {
    for (const screen of ["/operator", "/operator/orders", "/operator/ledger", "/operator/audit", "/sandbox"]) {
      const res = await operator.get(screen, { maxRedirects: 0 });
      expect(res.status(), screen).toBe(200);
      await expectScreenPolicy(res);
    }
  } finally {
    await operator.dispose();
  }
});

test("C45: only the onboarding screens may post towards a redirect URI; the other screens post to this site only", async ({
  request,
}) => {
  // The consent form's answer redirects to the application's redirect URI, and the onboarding screens lead to the
  // consent screen without reloading the document whose policy applies.
  for (const screen of ["/authorize/consent?request=unknown", "/authorize/account?request=unknown"]) {
    expect(directivesOf(await request.get(screen)).get("form-action"), screen).toEqual([
      "'self'",
      "https:",
      "http://localhost:*",
      "http://127.0.0.1:*",
    ]);
  }
  for (const screen of ["/", "/sign-in", "/developers", "/demo", "/authorized"]) {
    expect(directivesOf(await request.get(screen)).get("form-action"), screen).toEqual(["'self'"]);
  }
  // An instance without WalletConnect lets no screen reach its relay.
  expect(directivesOf(await request.get("/authorize/account?request=unknown")).get("connect-src")).toEqual([
    "'self'",
    server.appUrl,
  ]);
});

test("C45: the API's JSON and the session endpoints carry no script policy", async ({ request }) => {
  for (const path of [api("/tokens"), `${server.appUrl}/web-auth/session`, `${server.appUrl}/livez`]) {
    const res = await request.get(path);
    expect(res.headers()["content-security-policy"] ?? "", path).not.toContain("script-src");
  }
});
