import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { api, clientCredentialsToken, server, V2 } from "../fixtures/api.ts";
import { catchCallback, uniqueEmail } from "../fixtures/callback.ts";
import { waitForMail } from "../fixtures/mailbox.ts";
import { pkcePair } from "../fixtures/pkce.ts";

/** The operator's generated password, as the server printed it and keeps it in its data directory. */
function operatorCredentials(): { operatorEmail: string; operatorPassword: string } {
  return JSON.parse(fs.readFileSync(path.join(server.dataDir, "demo-credentials.json"), "utf8")) as {
    operatorEmail: string;
    operatorPassword: string;
  };
}

test("an application signs a person up; the set-password mail reaches them, and the operator's outbox lists it", async ({
  browser,
  request,
}) => {
  const email = uniqueEmail("invited");
  const headers = { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
  expect((await request.post(api("/auth/signup"), { headers, data: { email } })).status()).toBe(201);

  // The mail arrives through the mail server, in the integrator's name, with one link.
  const received = await waitForMail({ to: email, subject: /Set your Tokenrail password/ });
  expect(received.headers.from).toContain("no-reply@tokenrail.test");
  expect(received.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
  expect(received.text).toContain("created a Tokenrail account for you");
  const link = received.links.find((l) => l.includes("/set-password?token="));
  expect(link).toBeTruthy();

  // The operator's outbox lists it as sent (sign-in first).
  const operator = await (await browser.newContext()).newPage();
  await operator.goto("/operator/outbox");
  await expect(operator).toHaveURL(/\/sign-in\?next=%2Foperator%2Foutbox|\/sign-in\?next=\/operator\/outbox/);
  const { operatorEmail, operatorPassword } = operatorCredentials();
  await operator.getByLabel("Email").fill(operatorEmail);
  await operator.getByLabel("Password").fill(operatorPassword);
  await operator.getByRole("button", { name: "Sign in", exact: true }).last().click();
  await expect(operator.getByRole("heading", { name: "Outbox" })).toBeVisible();
  const mail = operator.getByRole("article", { name: `Message to ${email}` });
  await expect(mail).toContainText("Set your Tokenrail password");
  await expect(mail.locator("[data-status]")).toHaveText("sent");
  await expect(mail).toContainText("password-setup");
  // The HTML as sent, in a frame that runs no script and cannot reach the console.
  await mail.getByText("Show the mail as sent (HTML)").click();
  const frame = mail.locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "");
  expect(await frame.getAttribute("srcdoc")).toContain(link!.replaceAll("&", "&amp;"));
  await expect(frame.contentFrame().getByText("Set your password").first()).toBeVisible();

  // The person sets a password through the link; the link works once.
  const person = await (await browser.newContext()).newPage();
  await person.goto(link!);
  await person.getByLabel("New password").fill("my new password!");
  await person.getByLabel("Repeat it").fill("my new password?");
  await person.getByRole("button", { name: "Set password" }).click();
  await expect(person.locator("#repeat-error")).toHaveText("The passwords differ");
  await person.getByLabel("Repeat it").fill("my new password!");
  await person.getByRole("button", { name: "Set password" }).click();
  await expect(person.getByRole("status").filter({ hasText: "Your password is set" })).toBeVisible();
  await person.goto(link!);
  await person.getByLabel("New password").fill("another password!");
  await person.getByLabel("Repeat it").fill("another password!");
  await person.getByRole("button", { name: "Set password" }).click();
  await expect(person.locator(".form-error")).toContainText("expired or was already used");

  // And signs in through the application's authorization request with it.
  const redirect = "http://localhost:5173/callback";
  const callback = await catchCallback(person, redirect);
  const { challenge } = pkcePair();
  const auth = new URL(api("/auth"));
  auth.search = new URLSearchParams({
    client_id: server.demo.codeClientId,
    redirect_uri: redirect,
    code_challenge: challenge,
    code_challenge_method: "S256",
    auth_mode: "login",
    skip_kyc: "true",
    skip_create_account: "true",
    email,
    state: "invited",
  }).toString();
  await person.goto(auth.toString());
  await person.getByLabel("Password").fill("my new password!");
  await person.getByRole("button", { name: "Sign in", exact: true }).last().click();
  await person.getByRole("button", { name: "Allow" }).click();
  expect((await callback()).searchParams.get("state")).toBe("invited");
});

test("the outbox is for operators only", async ({ page }) => {
  await page.goto("/operator/outbox");
  await expect(page).toHaveURL(/\/sign-in/);
  // A customer who signs in finds no such page.
  const { challenge } = pkcePair();
  const auth = new URL(api("/auth"));
  auth.search = new URLSearchParams({
    client_id: server.demo.codeClientId,
    redirect_uri: "http://localhost:5173/callback",
    code_challenge: challenge,
    skip_kyc: "true",
    skip_create_account: "true",
  }).toString();
  await page.goto(auth.toString());
  await page.getByLabel("Email").fill(uniqueEmail("nosy"));
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).last().click();
  await expect(page.getByRole("button", { name: "Allow" })).toBeVisible();
  const res = await page.goto("/operator/outbox");
  expect(res?.status()).toBe(404);
});
