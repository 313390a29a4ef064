import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { server } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { verifyEmail } from "../fixtures/onboarding.ts";
import { pkcePair } from "../fixtures/pkce.ts";
import { startDemoInstance, stopServer } from "../fixtures/spawn-server.ts";
import { fillPerson, fillPersonalQuestionnaire, pdfFile, pngImage, upload } from "../fixtures/kyc-screens.ts";

// The KYC screens of the onboarding, walked in Chromium from the integrator's /auth redirect: details, the
// questionnaire and the documents (sharing model), details and the optional source of funds (reliance model), and
// how refusals are shown. What was submitted is then read back through the operator's admin API.
const REDIRECT = "http://localhost:5173/callback";
const PASSWORD = "correct horse battery";
/** The server's default upload limit (TOKENRAIL_FILE_SIZE_LIMIT is not set for the test server). */
const SIZE_LIMIT = 5 * 1024 * 1024;

async function startOnboarding(page: Page, target: { appUrl: string; codeClientId: string }, email: string) {
  const url = new URL(`${target.appUrl}/api/auth`);
  url.search = new URLSearchParams({
    client_id: target.codeClientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    code_challenge: pkcePair().challenge,
    code_challenge_method: "S256",
    state: "kyc",
    email,
  }).toString();
  await page.goto(url.toString());
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).last().click();
  await verifyEmail(page, email);
  await expect(page).toHaveURL(/\/authorize\/profile\?request=/);
}

async function choose(page: Page, kind: "For myself" | "For a company") {
  await page.getByRole("radio", { name: new RegExp(kind) }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/authorize\/kyc\/details\?request=/);
}

async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

async function profileUnderReview(operator: APIRequestContext, name: string) {
  const res = await operator.get("/api/admin/profiles");
  expect(res.status()).toBe(200);
  const { profiles } = (await res.json()) as { profiles: { id: string; name: string }[] };
  const found = profiles.find((p) => p.name === name);
  expect(found, `${name} awaits review`).toBeDefined();
  const item = await operator.get(`/api/admin/profiles/${found?.id}`);
  return (await item.json()) as {
    kind: string;
    state: string;
    details: { state: string };
    form: { state: string };
    verifications: { kind: string; state: string }[];
    submissions: { section: string; kind: string; state: string; data: Record<string, unknown> }[];
    files: { id: string; name: string; type: string }[];
  };
}

test("corporate onboarding: company details with a director and two beneficial owners, the questionnaire, an uploaded register extract → wallet step; the operator sees it pending", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const company = `Fjord Freight ${randomBytes(3).toString("hex")} ehf.`;
  await startOnboarding(page, { appUrl: server.appUrl, codeClientId: server.demo.codeClientId }, uniqueEmail("corp"));
  await choose(page, "For a company");

  await expect(page.getByRole("heading", { name: "About the company" })).toBeVisible();
  const parts = page.getByRole("navigation", { name: "Parts of the identity check" });
  await expect(parts.locator('[data-part="details"]')).toHaveAttribute("aria-current", "step");
  await expect(parts.locator('[data-part="details"]')).toContainText("Company details");
  await page.getByLabel("Company name").fill(company);
  await page.getByLabel("Registration number").fill("KT-550199-1234");
  await page.getByLabel("Registered address").fill("Borgartun 25");
  await page.locator("#corporate-postalCode").fill("105");
  await page.locator("#corporate-city").fill("Reykjavik");
  await page.locator("#corporate-country").selectOption("IS");
  await page.locator("#corporate-countryState").fill("Capital Region");
  await fillPerson(page, "corporate-representatives-0", {
    first: "Sigrun",
    last: "Jonsdottir",
    birthday: "1984-02-29",
    idNumber: "P4412345",
  });
  await fillPerson(page, "corporate-directors-0", { first: "Olafur", last: "Magnusson", birthday: "1970-11-02" });
  // Rows are added and removed: two owners stay.
  for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Add a beneficial owner" }).click();
  await page.getByRole("button", { name: "Remove Beneficial owner 3" }).click();
  await expect(page.getByRole("group", { name: /^Beneficial owner \d$/ })).toHaveCount(2);
  await fillPerson(page, "corporate-finalBeneficiaries-0", {
    first: "Helga",
    last: "Sigurdardottir",
    birthday: "1979-07-14",
    ownership: "60",
  });
  await fillPerson(page, "corporate-finalBeneficiaries-1", {
    first: "Jon",
    last: "Petursson",
    birthday: "1981-03-05",
    ownership: "33.5",
  });
  await snapshot(page, testInfo, "kyc-corporate-details");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/authorize\/kyc\/form\?request=/);
  await expect(parts.locator('[data-part="details"]')).toHaveAttribute("data-state", "pending");
  await page.getByLabel("What does the company do?").fill("Freight forwarding between Iceland and Norway");
  await page.getByLabel("Legal form (optional)").selectOption({ label: "Private limited company" });
  await page.getByLabel("Main purpose of the account").selectOption({ label: "Collecting payments" });
  await page.getByLabel("Industry").selectOption({ label: "Transport and storage" });
  await page.getByLabel("Where does the money come from?").selectOption({ label: "Revenue from operations" });
  await page.getByLabel("Expected amount per month").selectOption({ label: "€100,000 to €250,000" });
  await page.getByLabel("Expected payments per month").selectOption({ label: "Fewer than 100" });
  await snapshot(page, testInfo, "kyc-corporate-form");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/authorize\/kyc\/verifications\?request=/);
  await upload(page, "beneficialOwnership-document", "Beneficial ownership", {
    name: "register-extract.pdf",
    mimeType: "application/pdf",
    buffer: pdfFile(),
  });
  await snapshot(page, testInfo, "kyc-corporate-verifications");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/authorize\/wallet\?request=/);

  const operator = await operatorSession();
  const profile = await profileUnderReview(operator, company);
  expect(profile).toMatchObject({
    kind: "corporate",
    state: "pending",
    details: { state: "pending" },
    form: { state: "pending" },
    verifications: [{ kind: "beneficialOwnership", state: "pending" }],
  });
  const data = (section: string) => profile.submissions.find((s) => s.section === section)?.data;
  expect(data("details")).toMatchObject({
    name: company,
    registrationNumber: "KT-550199-1234",
    country: "IS",
    representatives: [{ firstName: "Sigrun", idDocument: { kind: "passport", number: "P4412345" } }],
    directors: [{ firstName: "Olafur", lastName: "Magnusson", birthday: "1970-11-02" }],
    finalBeneficiaries: [
      { firstName: "Helga", ownershipPercentage: "60" },
      { firstName: "Jon", ownershipPercentage: "33.5" },
    ],
  });
  expect(data("form")).toEqual({
    service: "Freight forwarding between Iceland and Norway",
    legalForm: "LEGAL_FORM_PRIVATE_LIMITED",
    purpose: "PURPOSE_COLLECTING_PAYMENTS",
    activity: "ACTIVITY_TRANSPORTATION",
    fundOrigin: "FUND_ORIGIN_REVENUE",
    monthlyTurnover: "TURNOVER_100K_TO_250K",
    monthlyTransactionCount: "TRANSACTION_COUNT_UNDER_100",
  });
  const [file] = profile.files;
  expect(file).toMatchObject({ name: "register-extract.pdf", type: "application/pdf" });
  expect(data("verification")).toEqual({
    kind: "beneficialOwnership",
    documents: [{ fileId: file?.id, name: "register-extract.pdf" }],
  });
  await operator.dispose();
});

test("personal onboarding: details, the questionnaire, both sides of an ID document → wallet step", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await startOnboarding(page, { appUrl: server.appUrl, codeClientId: server.demo.codeClientId }, uniqueEmail("pers"));
  await choose(page, "For myself");
  // Usable on a small phone: nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const last = `Gudmundsdottir-${randomBytes(3).toString("hex")}`;
  await fillPerson(page, "personal", { first: "Anna", last, birthday: "1992-08-17", idNumber: "A7654321" });
  await page.getByLabel("Phone (optional)").fill("+354 888 8888");
  await snapshot(page, testInfo, "kyc-personal-details");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/authorize\/kyc\/form\?request=/);
  await fillPersonalQuestionnaire(page);
  await snapshot(page, testInfo, "kyc-personal-form");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/authorize\/kyc\/verifications\?request=/);
  await upload(page, "idDocument-front", "Identity document: Front side", {
    name: "passport-front.png",
    mimeType: "image/png",
    buffer: pngImage(),
  });
  await upload(page, "idDocument-back", "Identity document: Back side", {
    name: "passport-back.png",
    mimeType: "image/png",
    buffer: pngImage(),
  });
  await snapshot(page, testInfo, "kyc-personal-verifications");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/authorize\/wallet\?request=/);

  const operator = await operatorSession();
  const profile = await profileUnderReview(operator, `Anna ${last}`);
  expect(profile).toMatchObject({ kind: "personal", state: "pending" });
  const form = profile.submissions.find((s) => s.section === "form")?.data;
  expect(form).toMatchObject({
    occupation: "OCCUPATION_EMPLOYED",
    profession: "PROF_INFORMATION_TECHNOLOGY",
    activities: ["ACTIVITY_INVESTING_CRYPTO", "ACTIVITY_OTHER"],
    activityOther: "Paying my rent",
    publicFunction: false,
    fundOwner: true,
  });
  const idDocument = profile.submissions.find((s) => s.kind === "idDocument")?.data;
  expect(idDocument).toMatchObject({
    kind: "idDocument",
    documents: [
      { name: "passport-front.png", side: "front" },
      { name: "passport-back.png", side: "back" },
    ],
  });
  await operator.dispose();
});

test("reliance model: details only, then the optional source of funds is skipped → wallet step", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  // Another instance: switching the shared server's demo application to reliance would change other tests' KYC.
  const target = await startDemoInstance(server.port + 2, { TOKENRAIL_SANDBOX_AUTO_APPROVE: "off" });
  try {
    const operator = await operatorSession(target);
    const { applications } = (await (await operator.get("/api/admin/applications")).json()) as {
      applications: { id: string; name: string }[];
    };
    const demo = applications.find((a) => a.name === "Demo application");
    const switched = await operator.patch(`/api/admin/applications/${demo?.id}`, { data: { kycModel: "reliance" } });
    expect(switched.status()).toBe(200);

    await startOnboarding(page, { appUrl: target.appUrl, codeClientId: target.demo.codeClientId }, uniqueEmail("rel"));
    await choose(page, "For myself");
    const parts = page.getByRole("navigation", { name: "Parts of the identity check" });
    await expect(parts.getByRole("listitem")).toHaveCount(2);
    await expect(parts.locator('[data-part="due-diligence"]')).toContainText("optional");
    await fillPerson(page, "personal", { first: "Kari", last: "Reliance", birthday: "1988-01-09", idNumber: "K123" });
    await page.getByRole("button", { name: "Save and continue" }).click();

    await expect(page).toHaveURL(/\/authorize\/kyc\/due-diligence\?request=/);
    await expect(page.getByRole("heading", { name: "Source of funds" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add a document" })).toBeVisible();
    await snapshot(page, testInfo, "kyc-reliance-due-diligence");
    await page.getByRole("link", { name: "Skip for now" }).click();
    await expect(page).toHaveURL(/\/authorize\/wallet\?request=/);

    const profiles = (await (await operator.get("/api/admin/profiles")).json()) as {
      profiles: { name: string; kind: string; state: string; verifications: unknown[] }[];
    };
    expect(profiles.profiles.find((p) => p.name === "Kari Reliance")).toMatchObject({
      kind: "personal",
      state: "pending",
      verifications: [],
    });
    await operator.dispose();
  } finally {
    await stopServer(target.server);
  }
});

test("refusals sit beside their fields: an empty submit, a birthday the server judges in the future, a document refused before upload", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await startOnboarding(page, { appUrl: server.appUrl, codeClientId: server.demo.codeClientId }, uniqueEmail("val"));
  await choose(page, "For myself");

  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.locator("#personal-firstName-error")).toHaveText("First name is missing");
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-describedby", "personal-firstName-error");
  await expect(page.locator("#personal-country-error")).toHaveText("Country is missing");
  await expect(page.locator("#personal-birthday-error")).toHaveText("Birthday is missing");
  await snapshot(page, testInfo, "kyc-details-empty-submit");

  // The browser's clock is a century ahead: its check lets a 2090 birthday through, the server's refuses it.
  await page.clock.setFixedTime(new Date("2100-01-01T12:00:00Z"));
  await fillPerson(page, "personal", { first: "Tim", last: "Traveller", birthday: "2090-05-05", idNumber: "T1" });
  const answered = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await answered;
  await expect(page.locator("#personal-birthday-error")).toHaveText("Birthday is in the future");
  await expect(page.getByLabel("Date of birth")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/authorize\/kyc\/details\?request=/);
  await snapshot(page, testInfo, "kyc-details-server-refusal");

  // Corrected, it goes through; on the documents screen, files the server would refuse are never sent.
  await page.getByLabel("Date of birth").fill("1990-05-05");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/authorize\/kyc\/form\?request=/);
  await page.goto(page.url().replace("/kyc/form", "/kyc/verifications"));
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/authorize/files")) uploads.push(r.url());
  });
  const front = page.locator("#idDocument-front");
  await front.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a document") });
  await expect(page.locator("#idDocument-front-error")).toHaveText("This file is not a PDF, JPEG or PNG");
  await expect(front).toHaveAttribute("aria-invalid", "true");
  // Named and typed as a PDF, but it is not one: judged by its content, as the server does.
  await front.setInputFiles({ name: "fake.pdf", mimeType: "application/pdf", buffer: Buffer.from("GIF89a....") });
  await expect(page.locator("#idDocument-front-error")).toHaveText("This file is not a PDF, JPEG or PNG");
  const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(SIZE_LIMIT)]);
  await front.setInputFiles({ name: "huge.pdf", mimeType: "application/pdf", buffer: big });
  await expect(page.locator("#idDocument-front-error")).toHaveText("This file is too large: the limit is 5 MB");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.locator("#idDocument-back-error")).toHaveText("Upload this document");
  expect(uploads).toEqual([]);
  await snapshot(page, testInfo, "kyc-verifications-refused-files");
});

test("C16 C27 C28: the onboarding upload route answers in the spec's error body: 413 over the limit, 400 for a non-document, 403 cross-site, 401 without a session", async ({
  page,
  request,
}) => {
  await startOnboarding(page, { appUrl: server.appUrl, codeClientId: server.demo.codeClientId }, uniqueEmail("up"));
  const requestId = new URL(page.url()).searchParams.get("request") ?? "";
  const url = `${server.appUrl}/authorize/files?request=${encodeURIComponent(requestId)}`;
  const file = (name: string, mimeType: string, buffer: Buffer) => ({ file: { name, mimeType, buffer } });

  // page.request carries the person's session cookie.
  const ok = await page.request.post(url, { multipart: file("scan.png", "image/png", pngImage()) });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toEqual({
    id: expect.any(String),
    name: "scan.png",
    size: expect.any(Number),
    type: "image/png",
  });

  const tooLarge = await page.request.post(url, {
    multipart: file(
      "huge.pdf",
      "application/pdf",
      Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(SIZE_LIMIT)]),
    ),
  });
  expect(tooLarge.status()).toBe(413);
  expect(await tooLarge.json()).toEqual({
    code: 413,
    status: "Payload Too Large",
    message: `File exceeds the limit of ${SIZE_LIMIT} bytes`,
  });

  const notADocument = await page.request.post(url, {
    multipart: file("notes.txt", "text/plain", Buffer.from("hello")),
  });
  expect(notADocument.status()).toBe(400);
  expect(await notADocument.json()).toMatchObject({
    code: 400,
    status: "Bad Request",
    errors: { file: expect.any(String) },
  });

  const foreign = await page.request.post(url, {
    headers: { origin: "https://evil.example" },
    multipart: file("scan.png", "image/png", pngImage()),
  });
  expect(foreign.status()).toBe(403);
  expect(await foreign.json()).toEqual({
    code: 403,
    status: "Forbidden",
    message: "This form can only be sent from Tokenrail's own pages.",
  });

  const anonymous = await request.post(url, { multipart: file("scan.png", "image/png", pngImage()) });
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ code: 401, status: "Unauthorized", message: "Sign in to upload documents" });

  const unknownRequest = await page.request.post(`${server.appUrl}/authorize/files?request=nope`, {
    multipart: file("scan.png", "image/png", pngImage()),
  });
  expect(unknownRequest.status()).toBe(404);
});
