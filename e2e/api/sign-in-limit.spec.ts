import { expect, test } from "../fixtures/contract-test.ts";
import { server } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";

test("C29: repeated failed sign-ins at the session endpoint get 429 with Retry-After", async ({ request }) => {
  const csrf = await request.get(`${server.appUrl}/web-auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const email = uniqueEmail("scripted");
  const attempt = () =>
    request.post(`${server.appUrl}/web-auth/callback/credentials`, {
      form: { email, password: "guessing-again", csrfToken, callbackUrl: server.appUrl },
      maxRedirects: 0,
    });
  for (let i = 0; i < 5; i++) {
    const res = await attempt();
    expect(res.status(), "refused as a wrong password, not rate-limited yet").not.toBe(429);
  }
  const limited = await attempt();
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await limited.json()).toEqual({
    code: 429,
    status: "Too Many Requests",
    message: "Too many failed sign-ins; try again later",
  });
});
