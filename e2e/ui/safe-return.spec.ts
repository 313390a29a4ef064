import { expect, test } from "@playwright/test";
import { server } from "../fixtures/api.ts";

// C39: whatever return path a link carries, signing in ends on this site. The browser follows every redirect and the
// final address is read from the browser itself; a request to another host would be noticed before it is made.
const HOSTILE = [
  "//evil.example",
  "/\t/evil.example",
  "/\\evil.example",
  "https://evil.example",
  "/%2F%2Fevil.example",
  "/%09/evil.example",
  "/.//evil.example",
  "javascript:alert(document.domain)",
];

const appOrigin = new URL(server.appUrl).origin;

test("C39: signing in with a hostile `next` on the sign-in page ends on the app's own origin, at home", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const foreign: string[] = [];
  await page.context().route(
    (url) => url.origin !== appOrigin,
    (route) => {
      foreign.push(route.request().url());
      return route.abort("blockedbyclient");
    },
  );
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const next of HOSTILE) {
    await page.context().clearCookies();
    await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
    await page.getByLabel("Email").fill(server.demo.operatorEmail);
    await page.getByLabel("Password").fill(server.demo.operatorPassword);
    await page.getByRole("button", { name: "Sign in", exact: true }).last().click();
    await expect(page, `next=${JSON.stringify(next)}`).toHaveURL(`${appOrigin}/`, { timeout: 20_000 });
  }
  expect(foreign).toEqual([]);
  expect(dialogs).toEqual([]);
});

test("C39: a same-origin `next` is still followed after signing in", async ({ page }) => {
  await page.goto(`/sign-in?next=${encodeURIComponent("/operator/outbox")}`);
  await page.getByLabel("Email").fill(server.demo.operatorEmail);
  await page.getByLabel("Password").fill(server.demo.operatorPassword);
  await page.getByRole("button", { name: "Sign in", exact: true }).last().click();
  await expect(page).toHaveURL(`${appOrigin}/operator/outbox`, { timeout: 20_000 });
});

test("C39: next-auth's own `callbackUrl` sends the browser to the app's origin only", async ({ request }) => {
  for (const callbackUrl of [...HOSTILE, "http://localhost.evil.example/", `${appOrigin}@evil.example/`]) {
    const { csrfToken } = (await (await request.get(`${server.appUrl}/web-auth/csrf`)).json()) as {
      csrfToken: string;
    };
    const res = await request.post(`${server.appUrl}/web-auth/callback/credentials`, {
      headers: { origin: server.appUrl },
      form: {
        email: server.demo.operatorEmail,
        password: server.demo.operatorPassword,
        csrfToken,
        callbackUrl,
      },
      maxRedirects: 0,
    });
    expect(res.status(), callbackUrl).toBe(302);
    const location = new URL(res.headers().location ?? "", server.appUrl);
    expect(location.origin, callbackUrl).toBe(appOrigin);
    expect(location.pathname, callbackUrl).toBe("/");
  }
});
