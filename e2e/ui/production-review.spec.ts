import { expect, request as playwrightRequest, test } from "@playwright/test";
import { uniqueEmail } from "../fixtures/callback.ts";
import { REDIRECT } from "../fixtures/customer.ts";
import { registerInPortal, signUpDeveloper } from "../fixtures/developer.ts";
import { freePort } from "../fixtures/free-port.ts";
import { pkcePair } from "../fixtures/pkce.ts";
import { productionEnvironment } from "../fixtures/production-instance.ts";
import { seedProductionOperator, signInEnrollingTotp } from "../fixtures/production-operator.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startServer, stopServer } from "../fixtures/spawn-server.ts";
import { onPostgres } from "../fixtures/on-postgres.ts";

onPostgres("applications in production", () => {
  test("a developer verifies the address, registers an application that waits in review; /auth and the token endpoint refuse it until an operator approves it", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const database = (await scratchDatabase("tokenrail_e2e_review"))!;
    const { env, devnet } = await productionEnvironment(database.env.DATABASE_URL);
    const port = await freePort();
    const appUrl = `http://localhost:${port}`;
    const production = await startServer(port, env, 90_000);
    try {
      await expect.poll(async () => (await fetch(`${appUrl}/readyz`)).status, { timeout: 30_000 }).toBe(200);
      const operator = await seedProductionOperator(database.env.DATABASE_URL);

      // The developer's account verifies its address with the mailed code, then registers an application.
      await signUpDeveloper(page, uniqueEmail("prod-dev"), appUrl);
      await expect(page.getByRole("heading", { level: 1, name: /Your applications/ })).toBeVisible();
      const app = await registerInPortal(page, { name: "Reviewed App", redirectUris: [REDIRECT] });
      await page.goto(`${appUrl}/developers`);
      await expect(page.getByRole("row", { name: /Reviewed App/ })).toContainText("In review");

      const authorize = () =>
        request.get(`${appUrl}/api/auth`, {
          params: {
            client_id: app.codeClientId,
            redirect_uri: REDIRECT,
            code_challenge: pkcePair().challenge,
            code_challenge_method: "S256",
            state: "review",
          },
          maxRedirects: 0,
        });
      const token = () =>
        request.post(`${appUrl}/api/auth/token`, {
          form: { grant_type: "client_credentials", client_id: app.clientId, client_secret: app.clientSecret },
        });

      const refused = await authorize();
      expect(refused.status()).toBe(302);
      const back = new URL(refused.headers().location ?? "");
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get("error")).toBe("unauthorized_client");
      expect(back.searchParams.get("error_description")).toMatch(/in review/);
      expect(back.searchParams.get("state")).toBe("review");
      const noToken = await token();
      expect(noToken.status()).toBe(400);
      expect(await noToken.json()).toMatchObject({ error: "unauthorized_client" });

      // The operator approves it in the console.
      const console = await (await browser.newContext()).newPage();
      // Production asks the operator for a second factor (C57): an authenticator app, enrolled at first sign-in.
      await signInEnrollingTotp(console, { appUrl, ...operator });
      await console.goto(`${appUrl}/operator/applications`);
      const review = console.getByRole("article", { name: "Review of Reviewed App" });
      await review.getByRole("button", { name: "Approve Reviewed App" }).click();
      await expect(console.getByRole("status").filter({ hasText: "Approved Reviewed App" })).toBeVisible();
      await expect(review).toHaveCount(0);

      const accepted = await authorize();
      expect(accepted.status()).toBe(307);
      expect(accepted.headers().location).toMatch(new RegExp(`^${appUrl}/authorize\\?request=`));
      expect((await token()).status()).toBe(200);
      await page.goto(`${appUrl}/developers`);
      await expect(page.getByRole("row", { name: /Reviewed App/ })).not.toContainText("In review");

      // The approval is in the audit log, with the operator.
      const admin = await playwrightRequest.newContext({
        baseURL: appUrl,
        storageState: await console.context().storageState(),
        extraHTTPHeaders: { origin: appUrl },
      });
      const audit = (await (await admin.get(`/api/admin/audit?subject=${app.id}`)).json()) as {
        entries: { action: string; actor: { email: string } }[];
      };
      expect(audit.entries.map((e) => e.action)).toContain("application.review.approve");
      await admin.dispose();
    } finally {
      await stopServer(production);
      await devnet.close();
      await database.drop();
    }
  });
});
