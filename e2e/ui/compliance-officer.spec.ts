import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { V2 } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { siweTokens } from "../fixtures/customer.ts";
import { docScreenshot } from "../fixtures/doc-screenshot.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { fillPerson, fillPersonalQuestionnaire, uploadIdentityDocument } from "../fixtures/kyc-screens.ts";
import { signUp } from "../fixtures/onboarding.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { PAYEE } from "../fixtures/orders.ts";
import { pkcePair } from "../fixtures/pkce.ts";
import { REDIRECT } from "../fixtures/customer.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startDemoInstance, stopServer, type DemoInstance } from "../fixtures/spawn-server.ts";
import { installWallet } from "../fixtures/wallet.ts";

// A compliance officer's day, in Chromium, on an instance of its own (its lists are nobody else's): the officer loads
// the OFAC list; a customer whose name is on it onboards; the reviewer's approval is held by the case; the officer
// confirms the hit and a second officer approves; the profile is frozen, its redeem refused, and a credit the listed
// person sends lands in the bank's exceptions. The screens are the docs' screenshots (TOKENRAIL_DOC_SCREENSHOTS=1).

const SEPOLIA = 11155111;
const OFAC = path.resolve("server/screening/lists/fixtures/ofac-sdn.xml");
const COMPLIANCE = "operator+compliance@tokenrail.local";
const DEMO_OPERATOR = "operator@tokenrail.local";

async function signIn(page: Page, target: DemoInstance, email: string, next: string): Promise<void> {
  await page.goto(`${target.appUrl}/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(target.operatorPassword);
  await page.getByRole("button", { name: "Sign in", exact: true }).last().click();
  await expect(page).toHaveURL(`${target.appUrl}${next}`, { timeout: 20_000 });
}

async function asOperator<T>(
  browser: Browser,
  target: DemoInstance,
  email: string,
  next: string,
  work: (page: Page) => Promise<T>,
) {
  const context = await browser.newContext({ baseURL: target.appUrl });
  try {
    const page = await context.newPage();
    await signIn(page, target, email, next);
    return await work(page);
  } finally {
    await context.close();
  }
}

test("C64 C66 in the console: a listed customer's approval is held, two officers confirm the hit, the profile is frozen", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const database = await scratchDatabase("tokenrail_e2e_compliance_day");
  const instance = await startDemoInstance(await freePort(), { ...database?.env });
  try {
    // Morning: the officer loads the day's OFAC list.
    await asOperator(browser, instance, COMPLIANCE, "/operator/screening", async (officer) => {
      await officer.locator("#list-file").setInputFiles(OFAC);
      await expect(officer.getByRole("status").filter({ hasText: "imported as version 1" })).toBeVisible({
        timeout: 30_000,
      });
      await officer.reload();
      await expect(officer.getByRole("row", { name: /OFAC/ })).toContainText("5");
      await docScreenshot(officer, "compliance-lists");
    });

    // A customer whose name is on the list onboards through an integrator.
    const account = await installWallet(page, { chainId: SEPOLIA });
    const { challenge } = pkcePair();
    const email = uniqueEmail("listed");
    const auth = new URL(`${instance.baseUrl}/auth`);
    auth.search = new URLSearchParams({
      client_id: instance.demo.codeClientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: "compliance-day",
      email,
    }).toString();
    await page.goto(auth.toString());
    await signUp(page, email);
    await page.getByRole("radio", { name: /^For myself/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/authorize\/kyc\/details\?request=/);
    await fillPerson(page, "personal", {
      first: "Dawood",
      last: "Ibrahim",
      birthday: "1955-12-26",
      idNumber: "A501801",
    });
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page).toHaveURL(/\/authorize\/kyc\/form\?request=/);
    await fillPersonalQuestionnaire(page);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page).toHaveURL(/\/authorize\/kyc\/verifications\?request=/);
    await uploadIdentityDocument(page);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page).toHaveURL(/\/authorize\/wallet\?request=/);
    await page.getByRole("button", { name: "Test Wallet" }).click();
    await page.getByLabel("Chain", { exact: true }).selectOption("sepolia");
    await page.getByRole("button", { name: "Sign and link" }).click();
    await expect(page.getByRole("heading", { name: "Your identity check is under review" })).toBeVisible();

    const api = await operatorSession(instance);
    const cases = async (state: string) =>
      (
        (await (await api.get(`/api/admin/screening/cases?state=${state}`)).json()) as {
          cases: { id: string; number: number; profileId: string; subjectName: string }[];
        }
      ).cases;
    const [held] = await cases("open");
    expect(held).toMatchObject({ subjectName: "Dawood Ibrahim" });
    const profile = held!.profileId;

    // The reviewer's approval waits for compliance, and says where.
    await asOperator(browser, instance, DEMO_OPERATOR, `/operator/profiles/${profile}`, async (reviewer) => {
      await reviewer.getByRole("button", { name: "Approve all awaiting review" }).click();
      await expect(reviewer.getByRole("alert").filter({ hasText: `case ${held!.number}` })).toBeVisible();
    });

    // The officer reads the case, the list's entry beside what the customer submitted, and confirms the hit.
    await asOperator(browser, instance, COMPLIANCE, "/operator/screening/cases", async (officer) => {
      await officer.getByRole("link", { name: String(held!.number), exact: true }).click();
      await expect(officer.getByRole("heading", { level: 1, name: `Case ${held!.number}` })).toBeVisible();
      await expect(officer.getByRole("region", { name: "List entry" })).toContainText("IBRAHIM");
      await expect(officer.getByRole("region", { name: "Why it matched" })).toContainText("birth");
      await docScreenshot(officer, "compliance-case");
      await officer.getByLabel(/^Reason/).fill("Same name and date of birth as OFAC SDN entry 10211; passport matches");
      await officer.getByRole("button", { name: /^Confirm the hit/ }).click();
      await expect(officer.getByRole("main").getByRole("status")).toContainText("a second compliance officer");
    });

    // A second officer approves; the profile is frozen.
    await asOperator(browser, instance, DEMO_OPERATOR, "/operator/approvals", async (second) => {
      const row = second.getByRole("row").filter({ hasText: "Dawood Ibrahim" });
      await row.getByRole("button", { name: "Approve" }).click();
      await expect(second.getByRole("main").getByRole("status")).toBeVisible();
      await second.goto("/operator/screening/frozen");
      await expect(second.getByRole("row").filter({ hasText: "Dawood Ibrahim" })).toContainText(String(held!.number));
      await docScreenshot(second, "compliance-frozen");
    });
    expect((await cases("confirmed")).map((c) => c.id)).toContain(held!.id);

    // Frozen: the customer's redeem is refused.
    const token = (await siweTokens(request, account, instance)).access_token;
    const message = `Send EUR 1 to ${PAYEE.identifier.iban} at ${new Date().toISOString()}`;
    const refused = await request.post(`${instance.baseUrl}/orders`, {
      headers: { authorization: `Bearer ${token}`, accept: V2 },
      data: {
        kind: "redeem",
        address: account.address,
        chain: "sepolia",
        currency: "eur",
        amount: "1",
        counterpart: PAYEE,
        message,
        signature: await account.signMessage({ message }),
      },
    });
    expect(refused.status(), await refused.text()).toBe(403);

    // Money the listed person sends another customer is not minted: it waits in the bank's exceptions.
    const other = await customerWithIbanOn(request, instance, api);
    const sent = await request.post(`${instance.baseUrl}/sandbox/payments`, {
      headers: other.partner,
      data: { iban: other.iban, amount: "250", debtor: { name: "Dawood Ibrahim" } },
    });
    expect(sent.status(), await sent.text()).toBe(400);
    await asOperator(browser, instance, DEMO_OPERATOR, "/operator/bank/exceptions", async (treasurer) => {
      await expect(treasurer.getByRole("row").filter({ hasText: "Dawood Ibrahim" })).toContainText(
        "the payment is held for review",
      );
    });
    await api.dispose();
  } finally {
    await stopServer(instance.server);
    await database?.drop();
  }
});
