import { expect, test, type Page } from "@playwright/test";
import { catchCallback } from "../fixtures/callback.ts";
import { registerInPortal, signUpDeveloper } from "../fixtures/developer.ts";

// The developer portal's "try it" panel (issue 9): the authorization code flow with PKCE against the application's
// own redirect URI, run from the page, with the address the person was sent back to pasted in.

async function startTryIt(page: Page, redirect: string) {
  const email = await signUpDeveloper(page);
  await registerInPortal(page, { name: "Try me", redirectUris: [redirect] });
  await page.getByRole("link", { name: "Open the application's settings" }).click();
  await page.getByRole("navigation", { name: "Application" }).getByRole("link", { name: "Try it" }).click();
  await expect(page.getByRole("heading", { name: "Try the authorization flow" })).toBeVisible();
  await expect(page.getByLabel("Redirect URI")).toHaveValue(redirect);
  await page.getByRole("button", { name: "Start" }).click();
  const url = new URL((await page.locator(".try-url").textContent())!);
  expect(url.searchParams.get("redirect_uri")).toBe(redirect);
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The person completes the onboarding in another tab and is sent to the integrator's own redirect URI.
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("link", { name: "Open in a new tab" }).click(),
  ]);
  const reached = await catchCallback(popup, redirect);
  return { email, popup, reached, state: url.searchParams.get("state")! };
}

// Each test walks several screens, some as two people.
test.describe.configure({ timeout: 60_000 });

test("issue 9: try it runs the flow against the app's redirect URI and ends with the context shown", async ({
  page,
}) => {
  const redirect = "http://localhost:5173/try-it";
  const { email, popup, reached, state } = await startTryIt(page, redirect);
  await popup.getByRole("button", { name: "Allow" }).click();
  const back = await reached();
  expect(back.searchParams.get("state")).toBe(state);
  await popup.close();

  // An answer with another state is not this attempt's.
  const forged = new URL(back);
  forged.searchParams.set("state", "someone-elses-state");
  await page.getByLabel("Address after the redirect").fill(forged.toString());
  await page.getByRole("button", { name: "Exchange the code" }).click();
  await expect(page.locator("#try-pasted-error")).toContainText(
    "The state in the address is not the one this page sent",
  );

  await page.getByLabel("Address after the redirect").fill(back.toString());
  await page.getByRole("button", { name: "Exchange the code" }).click();
  await expect(page.getByRole("heading", { name: "3. Tokens and context" })).toBeVisible();
  await expect(page.getByTestId("access-token")).toHaveText(/^.{6}….{4}$/);
  await expect(page.locator(".try-context")).toContainText(`"email": "${email}"`);
  await expect(page.locator(".try-context")).toContainText('"method": "bearer"');
});

test("issue 9: try it explains a refusal (access_denied) and a spent code", async ({ page }) => {
  const redirect = "http://localhost:5173/try-deny";
  const { popup, reached } = await startTryIt(page, redirect);
  await popup.getByRole("button", { name: "Deny" }).click();
  const back = await reached();
  await popup.close();
  await page.getByLabel("Address after the redirect").fill(back.toString());
  await page.getByRole("button", { name: "Exchange the code" }).click();
  await expect(page.locator("#try-pasted-error")).toContainText("chose Deny");

  // A code is used once: exchanging the same answer again is refused, and the panel says why.
  await page.getByRole("button", { name: "Start again" }).click();
  const [second] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("link", { name: "Open in a new tab" }).click(),
  ]);
  const reachedAgain = await catchCallback(second, redirect);
  await second.getByRole("button", { name: "Allow" }).click();
  const answer = (await reachedAgain()).toString();
  await second.close();
  await page.getByLabel("Address after the redirect").fill(answer);
  await page.getByRole("button", { name: "Exchange the code" }).click();
  await expect(page.locator(".try-context")).toBeVisible();
  await page.getByRole("button", { name: "Exchange the code" }).click();
  await expect(page.locator("#try-pasted-error")).toContainText("can be used once");
});
