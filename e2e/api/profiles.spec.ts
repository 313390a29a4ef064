import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { waitForMail } from "../fixtures/mailbox.ts";
import { api, jsonOf, server } from "../fixtures/api.ts";
import { customerHeaders, linkedCustomer, signedUpProfile } from "../fixtures/customer.ts";
import {
  PERSONAL_FORM,
  PERSONAL_FORM_CURRENT_CODES,
  pdfDocument,
  uploadDocument,
  V3_PERSONAL_DETAILS,
  V4_PERSONAL_DETAILS,
} from "../fixtures/kyc.ts";
import { operatorSession } from "../fixtures/operator.ts";

type Profile = {
  id: string;
  kind: string;
  name: string;
  state: string;
  details: { state: string };
  form: { state: string };
  verifications: { kind: string; state: string }[];
};

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

const decide = (profile: string, body: object) =>
  operator.post(`/api/admin/profiles/${profile}/decision`, { data: body, headers: { origin: server.appUrl } });

async function events(profile: string): Promise<{ type: string; data: { state: string } }[]> {
  const res = await operator.get(`/api/admin/events?profile=${profile}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { events: { type: string; data: { state: string } }[] }).events;
}

test.describe("KYC submissions", () => {
  test("the SDK v4 details (PATCH) → 202 with the profile, details pending; the profile is pending and says so everywhere", async ({
    request,
  }) => {
    const { profile, partner } = await signedUpProfile(request);
    const res = await request.patch(api(`/profiles/${profile}/details`), {
      headers: partner,
      data: V4_PERSONAL_DETAILS,
    });
    expect(res.status()).toBe(202);
    const body = (await jsonOf(res)) as Profile;
    expect(body).toEqual({
      id: profile,
      kind: "personal",
      name: "Jane Doe",
      state: "pending",
      details: { state: "pending" },
      form: { state: "incomplete" },
      verifications: [{ kind: "idDocument", state: "incomplete" }],
    });
    const read = await request.get(api(`/profiles/${profile}`), { headers: partner });
    expect(await read.json()).toEqual(body);
    const list = (await (
      await request.get(api("/profiles?state=pending&kind=personal"), { headers: partner })
    ).json()) as {
      profiles: { id: string; state: string; perms: string[] }[];
    };
    expect(list.profiles).toContainEqual({
      id: profile,
      kind: "personal",
      name: "Jane Doe",
      state: "pending",
      perms: ["read", "write"],
    });
    expect(list.profiles.every((p) => p.state === "pending")).toBe(true);
    expect((await events(profile)).map((e) => [e.type, e.data.state])).toEqual([["profile.updated", "pending"]]);
  });

  test("SDK 3.5.0 details with PUT (no phone or email) are accepted the same", async ({ request }) => {
    const { profile, partner } = await signedUpProfile(request);
    const res = await request.put(api(`/profiles/${profile}/details`), { headers: partner, data: V3_PERSONAL_DETAILS });
    expect(res.status()).toBe(202);
    expect(((await res.json()) as Profile).details.state).toBe("pending");
  });

  test("the form in either generation of codes is accepted; the profile keeps one spelling", async ({ request }) => {
    for (const form of [PERSONAL_FORM, PERSONAL_FORM_CURRENT_CODES]) {
      const { profile, partner } = await signedUpProfile(request);
      const res = await request.patch(api(`/profiles/${profile}/form`), { headers: partner, data: form });
      expect(res.status()).toBe(202);
      expect(((await res.json()) as Profile).form.state).toBe("pending");
    }
  });

  test("400 names each bad field by its dotted path", async ({ request }) => {
    const { profile, partner } = await signedUpProfile(request);
    const res = await request.patch(api(`/profiles/${profile}/details`), {
      headers: partner,
      data: { personal: { ...V4_PERSONAL_DETAILS.personal, birthday: "1990-02-30", country: "XX", firstName: " " } },
    });
    expect(res.status()).toBe(400);
    const body = (await jsonOf(res)) as { code: number; message: string; errors: Record<string, string> };
    expect(body.code).toBe(400);
    expect(body.message).toBe("Validation errors");
    expect(Object.keys(body.errors).sort()).toEqual(["personal.birthday", "personal.country", "personal.firstName"]);
    // Nothing was written.
    const read = (await (await request.get(api(`/profiles/${profile}`), { headers: partner })).json()) as Profile;
    expect(read.state).toBe("created");
  });

  test("C26: state, profile or balance in a body change nothing", async ({ request }) => {
    const { profile, partner } = await signedUpProfile(request);
    const other = await signedUpProfile(request);
    const res = await request.patch(api(`/profiles/${profile}/details`), {
      headers: partner,
      data: {
        ...V4_PERSONAL_DETAILS,
        state: "approved",
        profile: other.profile,
        balance: "1000000",
        personal: { ...V4_PERSONAL_DETAILS.personal, state: "approved", id: other.profile },
      },
    });
    expect(res.status()).toBe(202);
    expect(((await res.json()) as Profile).state).toBe("pending");
    const untouched = (await (
      await request.get(api(`/profiles/${other.profile}`), { headers: partner })
    ).json()) as Profile;
    expect(untouched).toMatchObject({ state: "created", name: "" });
  });

  test("C28: malformed JSON and a form body are 400 in the spec's body", async ({ request }) => {
    const { profile, partner } = await signedUpProfile(request);
    const malformed = await request.patch(api(`/profiles/${profile}/details`), {
      headers: { ...partner, "content-type": "application/json" },
      data: Buffer.from("{not json"),
    });
    expect(malformed.status()).toBe(400);
    expect(await jsonOf(malformed)).toEqual({
      code: 400,
      status: "Bad Request",
      message: "Request body is not valid JSON",
    });
    const form = await request.patch(api(`/profiles/${profile}/details`), {
      headers: partner,
      form: { firstName: "x" },
    });
    expect(form.status()).toBe(400);
  });

  test("C25: a person sees only their own profile: another's is 404 by id and absent from lists; submitting for it is 404", async ({
    request,
  }) => {
    const mine = await linkedCustomer(request);
    const theirs = await signedUpProfile(request);
    const person = await customerHeaders(request, mine.account);
    const list = (await (await request.get(api("/profiles"), { headers: person })).json()) as {
      profiles: { id: string }[];
    };
    expect(list.profiles.map((p) => p.id)).toEqual([mine.profile]);
    expect((await request.get(api(`/profiles/${mine.profile}`), { headers: person })).status()).toBe(200);
    for (const id of [theirs.profile, randomUUID(), "not-a-uuid"]) {
      const read = await request.get(api(`/profiles/${id}`), { headers: person });
      expect(read.status()).toBe(404);
      expect(await read.json()).toEqual({ code: 404, status: "Not Found", message: "Profile not found" });
      const write = await request.patch(api(`/profiles/${id}/details`), { headers: person, data: V4_PERSONAL_DETAILS });
      expect(write.status()).toBe(404);
    }
  });

  test("bad filters are 400; no token is 401", async ({ request }) => {
    const { partner } = await signedUpProfile(request);
    const bad = await request.get(api("/profiles?state=sleeping"), { headers: partner });
    expect(bad.status()).toBe(400);
    expect(((await bad.json()) as { errors: object }).errors).toEqual({ state: "Unknown profile state" });
    expect((await request.get(api("/profiles"))).status()).toBe(401);
  });
});

test.describe("operator review", () => {
  test("approving a section freezes it (409 on resubmission); rejecting with a reason makes the profile rejected until resubmitted, and the person is mailed what to fix", async ({
    request,
  }) => {
    const { email, profile, partner } = await signedUpProfile(request);
    await request.patch(api(`/profiles/${profile}/details`), { headers: partner, data: V4_PERSONAL_DETAILS });
    const approved = await decide(profile, { decision: "approve", section: "details" });
    expect(approved.status()).toBe(200);
    expect(((await approved.json()) as Profile).details.state).toBe("approved");
    const again = await request.patch(api(`/profiles/${profile}/details`), {
      headers: partner,
      data: V4_PERSONAL_DETAILS,
    });
    expect(again.status()).toBe(409);
    expect(await again.json()).toEqual({ code: 409, status: "Conflict", message: "The details is already approved" });

    await request.patch(api(`/profiles/${profile}/form`), { headers: partner, data: PERSONAL_FORM });
    const noReason = await decide(profile, { decision: "reject", section: "form" });
    expect(noReason.status()).toBe(400);
    const rejected = await decide(profile, { decision: "reject", section: "form", reason: "Income does not match" });
    expect(((await rejected.json()) as Profile).state).toBe("rejected");
    // The person learns what to send again, and why, in the name of the application that brought them.
    const mail = await waitForMail({ to: email, subject: /Your identity check needs changes/ });
    expect(mail.text).toContain("the KYC form must be sent again");
    expect(mail.text).toContain("The reviewer's reason: Income does not match");
    expect(mail.html).toContain("with Tokenrail");
    const resubmitted = await request.patch(api(`/profiles/${profile}/form`), {
      headers: partner,
      data: PERSONAL_FORM,
    });
    expect((await resubmitted.json()) as Profile).toMatchObject({ state: "pending", form: { state: "pending" } });
    expect((await events(profile)).map((e) => e.data.state)).toEqual(["pending", "rejected", "pending"]);
  });

  test("a blocked profile takes no submissions (409); unblocking restores its state", async ({ request }) => {
    const { profile, partner } = await signedUpProfile(request);
    await request.patch(api(`/profiles/${profile}/details`), { headers: partner, data: V4_PERSONAL_DETAILS });
    const blocked = await operator.post(`/api/admin/profiles/${profile}/block`, {
      data: { reason: "Sanctions screening hit" },
      headers: { origin: server.appUrl },
    });
    expect(((await blocked.json()) as Profile).state).toBe("blocked");
    const refused = await request.patch(api(`/profiles/${profile}/form`), { headers: partner, data: PERSONAL_FORM });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "The profile is blocked; no submissions are accepted",
    );
    const unblocked = await operator.post(`/api/admin/profiles/${profile}/unblock`, {
      headers: { origin: server.appUrl },
    });
    expect(((await unblocked.json()) as Profile).state).toBe("pending");
  });

  test("approving the whole profile needs every required section submitted", async ({ request }) => {
    const { profile, partner } = await signedUpProfile(request);
    await request.patch(api(`/profiles/${profile}/details`), { headers: partner, data: V4_PERSONAL_DETAILS });
    const res = await decide(profile, { decision: "approve" });
    expect(res.status()).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Not yet submitted: form, idDocument verification",
    );
  });

  test("the admin API wants the operator's session (anyone else: 404), and writes from our own pages only", async ({
    request,
  }) => {
    const { profile } = await signedUpProfile(request);
    expect((await request.get(api("/admin/profiles"))).status()).toBe(404);
    const foreign = await operator.post(`/api/admin/profiles/${profile}/block`, {
      data: { reason: "x" },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status()).toBe(403);
    const queue = await operator.get("/api/admin/profiles");
    expect(queue.status()).toBe(200);
  });

  test("created → approved through the API alone: details, form, an idDocument with an uploaded passport, the operator reviews and approves", async ({
    request,
  }) => {
    const { profile, partner } = await signedUpProfile(request);
    const content = pdfDocument();
    const fileId = await uploadDocument(request, partner, { content });
    const steps = [
      request.patch(api(`/profiles/${profile}/details`), { headers: partner, data: V4_PERSONAL_DETAILS }),
      request.put(api(`/profiles/${profile}/form`), { headers: partner, data: PERSONAL_FORM_CURRENT_CODES }),
      request.patch(api(`/profiles/${profile}/verifications`), {
        headers: partner,
        data: { personal: [{ kind: "idDocument", documents: [{ kind: "passport", fileId, side: "front" }] }] },
      }),
    ];
    for (const step of steps) expect((await step).status()).toBe(202);

    const queue = (await (await operator.get("/api/admin/profiles")).json()) as { profiles: { id: string }[] };
    expect(queue.profiles.map((p) => p.id)).toContain(profile);
    const review = (await (await operator.get(`/api/admin/profiles/${profile}`)).json()) as {
      submissions: { section: string; kind: string; data: { profession?: string } }[];
      files: { id: string; name: string }[];
    };
    expect(review.files).toEqual([expect.objectContaining({ id: fileId, name: "passport.pdf" })]);
    // The form was sent in the current codes and is kept in the spec's spelling.
    expect(review.submissions.find((s) => s.section === "form")?.data.profession).toBe("PROF_ACCOUNTANCY");
    const download = await operator.get(`/api/admin/files/${fileId}`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toMatch(/^attachment;/);
    expect(Buffer.compare(await download.body(), content)).toBe(0);

    const approved = await decide(profile, { decision: "approve" });
    expect(await approved.json()).toEqual({
      id: profile,
      kind: "personal",
      name: "Jane Doe",
      state: "approved",
      details: { state: "approved" },
      form: { state: "approved" },
      verifications: [{ kind: "idDocument", state: "approved" }],
    });
    expect((await events(profile)).map((e) => e.data.state)).toEqual(["approved", "pending"]);
    const summary = (await (await request.get(api(`/profiles?state=approved`), { headers: partner })).json()) as {
      profiles: { id: string }[];
    };
    expect(summary.profiles.map((p) => p.id)).toContain(profile);
  });

  test("verifications may only name files the same caller uploaded", async ({ request }) => {
    const { profile, partner } = await signedUpProfile(request);
    const customer = await linkedCustomer(request);
    const strangersFile = await uploadDocument(request, await customerHeaders(request, customer.account));
    const res = await request.patch(api(`/profiles/${profile}/verifications`), {
      headers: partner,
      data: { personal: [{ kind: "idDocument", fileId: strangersFile }] },
    });
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { errors: object }).errors).toEqual({
      "personal.0.documents.0.fileId": "No file with this id was uploaded by you",
    });
  });

  test("a corporate profile: corporate details with representatives and owners, beneficial ownership by file", async ({
    request,
  }) => {
    const { partner } = await signedUpProfile(request);
    const created = await request.post(api("/profiles"), { headers: partner, data: { kind: "corporate" } });
    const { id: profile } = (await created.json()) as { id: string };
    const person = { ...V4_PERSONAL_DETAILS.personal, phone: undefined, email: undefined };
    const details = await request.patch(api(`/profiles/${profile}/details`), {
      headers: partner,
      data: {
        corporate: {
          name: "Acme Payments ehf.",
          registrationNumber: "5501692829",
          address: "Laugavegur 1",
          postalCode: "101",
          city: "Reykjavik",
          country: "IS",
          countryState: "Capital Region",
          representatives: [person],
          finalBeneficiaries: [{ ...person, idDocument: undefined, ownershipPercentage: 60 }],
          directors: [{ ...person, idDocument: undefined }],
        },
      },
    });
    expect(details.status()).toBe(202);
    expect(await details.json()).toMatchObject({ kind: "corporate", name: "Acme Payments ehf.", state: "pending" });
    const fileId = await uploadDocument(request, partner);
    const verification = await request.put(api(`/profiles/${profile}/verifications`), {
      headers: partner,
      data: {
        corporate: [
          { kind: "beneficialOwnership", documents: [{ name: "Register extract", kind: "companyPDF", fileId }] },
        ],
      },
    });
    expect(verification.status()).toBe(202);
    expect(((await verification.json()) as Profile).verifications).toEqual([
      { kind: "beneficialOwnership", state: "pending" },
    ]);
    const personalForm = await request.patch(api(`/profiles/${profile}/form`), {
      headers: partner,
      data: PERSONAL_FORM,
    });
    expect(personalForm.status()).toBe(400);
    expect(((await personalForm.json()) as { errors: Record<string, string> }).errors.personal).toMatch(
      /The profile is corporate/,
    );
  });
});
