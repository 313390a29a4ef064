import { expect, test } from "@playwright/test";
import { server } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { PASSWORD, signUp } from "../fixtures/onboarding.ts";

test("C29: 20 simultaneous sign-ins for one account (19 wrong, 1 right): at most the limit are checked, the rest 429", async ({
  page,
  request,
}) => {
  // An account with a password, made on the screens.
  const email = uniqueEmail("burst");
  await page.goto("/developers");
  await signUp(page, email);
  const csrf = await request.get(`${server.appUrl}/web-auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const passwords = [...Array.from({ length: 19 }, (_, i) => `wrong guess ${i}`), PASSWORD];
  const answers = await Promise.all(
    passwords.map(async (tried) => {
      const res = await request.post(`${server.appUrl}/web-auth/callback/credentials`, {
        form: { email, password: tried, csrfToken, callbackUrl: server.appUrl },
        maxRedirects: 0,
      });
      return { tried, status: res.status(), headers: res.headers() };
    }),
  );
  const refused = answers.filter((a) => a.status === 429);
  const checked = answers.filter((a) => a.status !== 429);
  // Five failures per address (SIGN_IN_LIMIT): each attempt counts before its password is hashed, so no more than
  // five are checked. The right one signs in only if it was among them; otherwise it is refused with the rest.
  expect(checked.length, JSON.stringify(answers.map((a) => a.status))).toBeLessThanOrEqual(5);
  expect(refused.length).toBe(20 - checked.length);
  for (const answer of refused) expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
  for (const answer of checked) {
    const to = new URL(answer.headers.location ?? "", server.appUrl);
    if (answer.tried === PASSWORD) expect(to.searchParams.get("error")).toBeNull();
    else expect(to.searchParams.get("error")).toBe("CredentialsSignin");
  }
});
