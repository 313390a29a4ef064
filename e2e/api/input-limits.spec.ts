import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/lib/chromium.ts";
import { expect, test, type APIResponse } from "../fixtures/contract-test.ts";
import { api, clientCredentialsToken, jsonOf, server, V2 } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { multipartBody, paddingLine, type HandPart } from "../fixtures/multipart.ts";
import { signUp, startOnboarding } from "../fixtures/onboarding.ts";
import { signedUpProfile } from "../fixtures/customer.ts";
import { V4_PERSONAL_DETAILS } from "../fixtures/kyc-bodies.ts";
import { expectRefused, invalid } from "../fixtures/orders.ts";
import { storedContentPath } from "../fixtures/stored-content.ts";

/** Corporate details that pass every check, to change one field of. */
const PERSON = V4_PERSONAL_DETAILS.personal;
const COMPANY = {
  name: "Example Ltd",
  registrationNumber: "123456",
  address: PERSON.address,
  postalCode: PERSON.postalCode,
  city: PERSON.city,
  country: PERSON.country,
  countryState: "Paris",
  representatives: [PERSON],
  finalBeneficiaries: [],
  directors: [PERSON],
};

/** A megabyte of text, less what the rest of a JSON body needs to stay under the 1 MiB body limit. */
const MEGABYTE = "z".repeat(1_000_000);

/** What an error message may repeat of `input`: its first 200 characters and an ellipsis (server/limits.ts). */
const quoted = (input: string) => (input.length <= 200 ? input : `${input.slice(0, 200)}…`);

/** The longest run of `z` in the response (no message of ours has one): how much of an all-`z` input came back. */
async function longestEcho(res: APIResponse): Promise<number> {
  return Math.max(0, ...((await res.text()).match(/z+/g) ?? []).map((run) => run.length));
}

async function partner(request: Parameters<typeof clientCredentialsToken>[0]) {
  return { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
}

/** A new address of exactly `length` characters (from 200 to 300): 63-character DNS labels and a shorter last one. */
function emailOfLength(length: number): string {
  const local = uniqueEmail("len").split("@")[0]!;
  const labels = ["a", "b", "c"].map((letter) => letter.repeat(63));
  const last = length - local.length - 1 - labels.join(".").length - 1 - ".com".length;
  return `${local}@${labels.join(".")}.${"d".repeat(last)}.com`;
}

test.describe("C42: string inputs have a maximum length", () => {
  test("C42: a KYC name of a megabyte is 400 naming the limit, and the profile keeps the name it had", async ({
    request,
  }) => {
    const { profile, partner } = await signedUpProfile(request);
    const longest = "N".repeat(100);
    const accepted = await request.patch(api(`/profiles/${profile}/details`), {
      headers: partner,
      data: { personal: { ...V4_PERSONAL_DETAILS.personal, firstName: longest } },
    });
    expect(accepted.status()).toBe(202);
    expect(((await accepted.json()) as { name: string }).name).toBe(`${longest} Doe`);

    for (const [data, errors] of [
      [
        { personal: { ...V4_PERSONAL_DETAILS.personal, firstName: MEGABYTE } },
        { "personal.firstName": "First name exceeds 100 characters" },
      ],
      [
        { personal: { ...V4_PERSONAL_DETAILS.personal, lastName: `${longest}N` } },
        { "personal.lastName": "Last name exceeds 100 characters" },
      ],
      [{ corporate: { ...COMPANY, name: MEGABYTE } }, { "corporate.name": "Company name exceeds 100 characters" }],
    ] as const) {
      const res = await request.patch(api(`/profiles/${profile}/details`), { headers: partner, data });
      await expectRefused(res, 400, invalid(errors));
    }
    const now = await request.get(api(`/profiles/${profile}`), { headers: partner });
    expect(((await now.json()) as { name: string }).name).toBe(`${longest} Doe`);
  });

  test("C42: sign-up with an email of 255 characters is 400; 254 characters signs up", async ({ request }) => {
    const headers = await partner(request);
    const tooLong = emailOfLength(255);
    expect(tooLong).toHaveLength(255);
    await expectRefused(
      await request.post(api("/auth/signup"), { headers, data: { email: tooLong } }),
      400,
      invalid({ email: "Use at most 254 characters" }),
    );
    await expectRefused(
      await request.post(api("/auth/signup"), { headers, data: { email: MEGABYTE } }),
      400,
      invalid({ email: "Use at most 254 characters" }),
    );
    const longest = emailOfLength(254);
    const res = await request.post(api("/auth/signup"), { headers, data: { email: longest } });
    expect(res.status()).toBe(201);
    expect(((await jsonOf(res)) as { email: string }).email).toBe(longest);
  });

  test("C42: a sandbox payment from a debtor IBAN that is not valid is 400 naming debtor.iban", async ({ request }) => {
    const headers = await partner(request);
    // Into an IBAN no one holds: once the body is valid, the answer is 404.
    const payment = { iban: "DE89370400440532013000", amount: "10" };
    for (const [iban, reason] of [
      ["DE00370400440532013000", "is not a valid IBAN"],
      ["not an iban", "is not a valid IBAN"],
      [MEGABYTE.slice(0, 43), "must be at most 42 characters"],
    ] as const) {
      await expectRefused(
        await request.post(api("/sandbox/payments"), {
          headers,
          data: { ...payment, debtor: { name: "Sandbox Payer", iban } },
        }),
        400,
        invalid({ "debtor.iban": reason }),
      );
    }
    await expectRefused(
      await request.post(api("/sandbox/payments"), {
        headers,
        data: { ...payment, debtor: { name: "Sandbox Payer", iban: "GB29 NWBK 6016 1331 9268 19" } },
      }),
      404,
      { code: 404, status: "Not Found", message: "IBAN not found" },
    );
  });

  test("C42: an error message repeats at most 200 characters of a huge input", async ({ request }) => {
    const headers = await partner(request);
    const long = "z".repeat(5000);

    // The path of an unknown endpoint (a URL's length is bounded by the request line, not the body).
    const path = `/api/${long}`;
    const unknown = await request.get(`${server.appUrl}${path}`, { headers });
    await expectRefused(unknown, 404, {
      code: 404,
      status: "Not Found",
      message: `No such endpoint: GET ${quoted(path)}`,
    });
    expect(await longestEcho(unknown)).toBeLessThanOrEqual(200);

    // A setting's name is a JSON key, which no string schema bounds: the message quotes it.
    const setting = await request.patch(api("/sandbox/settings"), { headers, data: { [MEGABYTE]: 1 } });
    await expectRefused(
      setting,
      400,
      invalid({ body: `unknown setting ${quoted(MEGABYTE)}; use autoApprove, autoProcess or clockOffsetSeconds` }),
    );
    expect(await longestEcho(setting)).toBeLessThanOrEqual(200);

    // Bounded fields name their limit and repeat none of the input.
    const token = await request.post(`${server.baseUrl}/auth/token`, { form: { grant_type: long } });
    await expectRefused(token, 400, {
      ...invalid({ grant_type: "must be at most 100 characters" }),
      error: "invalid_request",
      error_description: "Validation errors",
    });
    const orders = await request.get(api(`/orders?chain=${long}&memo=${long}`), { headers });
    await expectRefused(
      orders,
      400,
      invalid({ chain: "must be at most 100 characters", memo: "must be 5 to 140 characters" }),
    );
    const birthday = await request.patch(api(`/profiles/${crypto.randomUUID()}/details`), {
      headers,
      data: { personal: { ...V4_PERSONAL_DETAILS.personal, birthday: MEGABYTE } },
    });
    await expectRefused(birthday, 400, invalid({ "personal.birthday": "Birthday exceeds 100 characters" }));
    for (const res of [token, orders, birthday]) expect(await longestEcho(res)).toBe(0);
  });
});

test.describe("C42: a multipart part's headers are bounded like the request's own", () => {
  const BOUNDARY = "tokenrail-part-headers";
  const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
  const TOO_LARGE = { code: 431, status: "Request Header Fields Too Large", message: "A part's headers exceed 8 KB" };
  const pdf = () => Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(4096)]);
  const file = (content: Buffer, ...extra: string[]): HandPart => ({
    headers: ['Content-Disposition: form-data; name="file"; filename="padded.pdf"', ...extra],
    content,
  });
  const note = (...extra: string[]): HandPart => ({
    headers: ['Content-Disposition: form-data; name="note"', ...extra],
    content: Buffer.from("hello"),
  });
  /** Whether the content was stored: the default local storage keeps it sealed under the data directory. */
  const stored = (content: Buffer) => {
    const hash = createHash("sha256").update(content).digest("hex");
    return fs.existsSync(storedContentPath(server.dataDir, hash));
  };

  test("C42: POST /files with a 64 KB part header line is 431 in the error body and stores nothing; ordinary headers pass", async ({
    request,
  }) => {
    const headers = { authorization: `Bearer ${await clientCredentialsToken(request)}`, "content-type": CONTENT_TYPE };
    const post = (parts: HandPart[]) => request.post(api("/files"), { headers, data: multipartBody(BOUNDARY, parts) });
    const content = pdf();
    const line = paddingLine(64 * 1024);
    const manyLines = Array.from({ length: 200 }, (_, i) => `X-Line-${i}: ${"b".repeat(60)}`);
    for (const [where, parts] of [
      ["in the file part", [file(content, "Content-Type: application/pdf", line)]],
      ["in a part before the file", [note(line), file(content)]],
      ["in a part after the file", [file(content), note(line)]],
      ["as 200 short lines", [file(content, ...manyLines)]],
    ] as const) {
      const res = await post([...parts]);
      expect(res.status(), where).toBe(431);
      expect(await jsonOf(res)).toEqual(TOO_LARGE);
    }
    expect(stored(content)).toBe(false);

    const ok = await post([note(paddingLine(1024)), file(content, "Content-Type: application/pdf", paddingLine(4096))]);
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toMatchObject({ name: "padded.pdf", size: content.length });
    expect(stored(content)).toBe(true);
  });

  test("C42: the onboarding upload refuses a 64 KB part header line with 431 too", async () => {
    test.setTimeout(60_000);
    const browser = await chromium.launch({ executablePath: findChromium().executablePath, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ baseURL: server.appUrl });
      await startOnboarding(page);
      await signUp(page, uniqueEmail("part-headers"));
      await expect(page).toHaveURL(/\/authorize\/profile\?request=/);
      const url = `/authorize/files?request=${encodeURIComponent(new URL(page.url()).searchParams.get("request")!)}`;
      // page.request carries the person's session cookie.
      const post = (parts: HandPart[]) =>
        page.request.post(url, {
          headers: { "content-type": CONTENT_TYPE, origin: server.appUrl },
          data: multipartBody(BOUNDARY, parts),
        });
      const content = pdf();
      const refused = await post([file(content, "Content-Type: application/pdf", paddingLine(64 * 1024))]);
      expect(refused.status()).toBe(431);
      expect(await refused.json()).toEqual(TOO_LARGE);
      expect(stored(content)).toBe(false);
      const ok = await post([file(content, "Content-Type: application/pdf")]);
      expect(ok.status()).toBe(200);
    } finally {
      await browser.close();
    }
  });
});
