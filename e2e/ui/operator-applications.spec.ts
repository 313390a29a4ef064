import { expect, test } from "@playwright/test";
import { clientCredentialsToken, server, V2 } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { registerInPortal, signUpDeveloper } from "../fixtures/developer.ts";
import { freePort } from "../fixtures/free-port.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { signInAsOperator } from "../fixtures/operator-page.ts";
import { startDemoInstance, stopServer } from "../fixtures/spawn-server.ts";

test("issue 9: the operator withdraws and grants an application's privilege; its client-credentials token follows", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // Its own instance: withdrawing the demo application's sign_up would break other tests on the shared server.
  const target = await startDemoInstance(await freePort());
  try {
    const signUp = async () => {
      const token = await clientCredentialsToken(request, target);
      const res = await request.post(`${target.baseUrl}/auth/signup`, {
        headers: { authorization: `Bearer ${token}`, accept: V2 },
        data: { email: uniqueEmail("granted") },
      });
      return res.status();
    };
    expect(await signUp()).toBe(201);

    await signInAsOperator(page, "/operator/applications", target);
    await expect(page.getByRole("heading", { name: "Privilege requests" })).toBeVisible();
    await expect(page.getByText("No application is asking for extra privileges.")).toBeVisible();
    const card = page.getByRole("article", { name: "Demo application" });
    await expect(card).toContainText("developer@tokenrail.local");
    await expect(card).toContainText("sign_up, submit_kyc");
    const signUpBox = card.getByRole("checkbox", { name: /^sign_up/ });
    await expect(signUpBox).toBeChecked();

    await signUpBox.uncheck();
    await card.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Saved the changes to Demo application.");
    await expect(card).toContainText(/Extra privileges\s*submit_kyc/);
    expect(await signUp()).toBe(403);

    await card.getByRole("checkbox", { name: /^sign_up/ }).check();
    await card.getByRole("button", { name: "Save changes" }).click();
    await expect(card).toContainText("sign_up, submit_kyc");
    expect(await signUp()).toBe(201);

    // Both changes are in the audit log, as the operator's.
    const operator = await operatorSession(target);
    const audit = (await (await operator.get("/api/admin/audit?action=application.privileges")).json()) as {
      entries: { actor: { email: string }; after: { privileges: string[] }; requestId: string | null }[];
    };
    expect(audit.entries.map((e) => e.after.privileges)).toEqual([["sign_up", "submit_kyc"], ["submit_kyc"]]);
    for (const entry of audit.entries) {
      expect(entry.actor.email).toBe("operator@tokenrail.local");
      expect(entry.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    await operator.dispose();
  } finally {
    await stopServer(target.server);
  }
});

test("issue 9: a developer asks for sign_up in the portal; the operator grants it and the application's token can use it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `Granted ${Math.random().toString(36).slice(2, 8)}`;
  const developer = await (await browser.newContext({ baseURL: server.appUrl })).newPage();
  await signUpDeveloper(developer);
  const app = await registerInPortal(developer, { name, redirectUris: ["http://localhost:5173/granted"] });
  await developer.getByRole("link", { name: "Open the application's settings" }).click();
  await developer.getByRole("checkbox", { name: /Sign people up/ }).check();
  await developer.getByLabel("Why does your application need them?").fill("We onboard our own customers.");
  await developer.getByRole("button", { name: "Send request" }).click();
  await expect(developer.getByRole("list", { name: "Requested, waiting for the operator" })).toContainText(
    "Sign people up",
  );

  const signUp = async () => {
    const res = await request.post(`${server.baseUrl}/auth/token`, {
      form: { grant_type: "client_credentials", client_id: app.clientId, client_secret: app.clientSecret },
    });
    const token = ((await res.json()) as { access_token: string }).access_token;
    return (
      await request.post(`${server.baseUrl}/auth/signup`, {
        headers: { authorization: `Bearer ${token}`, accept: V2 },
        data: { email: uniqueEmail("granted") },
      })
    ).status();
  };
  expect(await signUp()).toBe(403);

  await signInAsOperator(page, "/operator/applications");
  const requestCard = page.getByRole("article", { name: `Request from ${name}` });
  await expect(requestCard).toContainText("We onboard our own customers.");
  await requestCard.getByRole("button", { name: "Grant sign_up" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(`Granted sign_up to ${name}.`);
  await expect(requestCard).toHaveCount(0);
  await expect(page.getByRole("article", { name })).toContainText(/Extra privileges\s*sign_up/);
  expect(await signUp()).toBe(201);
});
