import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { setPrivileges } from "../applications/privileges.ts";
import { registerApplication } from "../applications/register-application.ts";
import { setCountryRisk } from "../countries/set-country-risk.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import type { Caller } from "../oauth/caller.ts";
import { issueClientCredentialsToken } from "../oauth/issue-client-credentials-token.ts";
import { grantOperator } from "../operators/grant-operator.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { createProfile } from "./create-profile.ts";
import { EDD_FIELD } from "./enhanced-due-diligence.ts";
import { detailsBodySchema, formBodySchema } from "./kyc.schemas.ts";
import { decide } from "./review-profile.ts";
import { submitDetails, submitForm } from "./submit-kyc.ts";
import { openValue } from "../keys/sealed-value.ts";
import { SUBMISSION_DATA } from "./submission-data.ts";
import { SPEC_FORM } from "./testing/kyc-bodies.ts";

await setUpTestInstance("edd");

let caller: Caller;
let admin: { userId: string };

const person = (country: string, nationality: string) =>
  detailsBodySchema.parse({
    personal: {
      firstName: "Sam",
      lastName: "Doe",
      address: "1 Main Street",
      postalCode: "1000",
      city: "Capital",
      country,
      nationality,
      birthday: "1985-04-02",
    },
  });

const EDD = {
  sourceOfFunds: "Salary from a hospital, paid monthly",
  sourceOfWealth: "Savings and an inherited flat",
  purposeOfRelationship: "Paying suppliers abroad in EURe",
};
const form = (extra: object = {}) => formBodySchema.parse({ personal: { ...SPEC_FORM, ...extra } });

async function applicant(country: string, nationality: string): Promise<string> {
  const profile = await createProfile({ caller, kind: "personal" });
  await submitDetails({ caller, profileId: profile.id, body: person(country, nationality) });
  return profile.id;
}

const fieldError = (pattern: RegExp) => (e: unknown) =>
  e instanceof AppError && e.code === "VALIDATION" && pattern.test(e.fields?.[EDD_FIELD] ?? "");

before(async () => {
  const prisma = await db();
  const stamp = randomBytes(4).toString("hex");
  const owner = await prisma.user.create({ data: { email: `partner-${stamp}@example.com` } });
  const home = await prisma.profile.create({ data: { kind: "corporate", name: "Partner" } });
  const app = await registerApplication({
    name: "Partner",
    environment: "sandbox",
    profileId: home.id,
    ownerId: owner.id,
    redirectUris: [],
  });
  await setPrivileges(app.applicationId, ["sign_up", "submit_kyc"]);
  const issued = await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret });
  caller = await authenticateBearer(`Bearer ${issued.access_token}`);
  const user = await prisma.user.create({ data: { email: `admin-${stamp}@tokenrail.test` } });
  await prisma.$transaction((tx) => grantOperator(tx, { userId: user.id, roles: ["admin", "reviewer"] }));
  admin = { userId: user.id };
});

describe("countries: enhanced due diligence in the KYC questionnaire", () => {
  it("countries the spec's form stays enough for a person of low-risk countries; the answers are optional and kept", async () => {
    const plain = await applicant("FR", "DE");
    assert.equal((await submitForm({ caller, profileId: plain, body: form() })).form.state, "pending");
    const answered = await applicant("FR", "FR");
    await submitForm({ caller, profileId: answered, body: form({ enhancedDueDiligence: EDD }) });
    const stored = await (
      await db()
    ).profileSubmission.findFirstOrThrow({
      where: { profileId: answered, section: "form" },
    });
    const kept = openValue<{ enhancedDueDiligence?: unknown }>(stored.data, SUBMISSION_DATA);
    assert.deepEqual(kept.enhancedDueDiligence, EDD);
    assert.equal(JSON.stringify(stored.data).includes("hospital"), false, "C70: kept sealed, not in plain text");
  });

  it("countries a high-risk nationality or residence needs the three answers: refused naming the field and the country, accepted with them", async () => {
    for (const [country, nationality, named] of [
      ["FR", "IR", /Iran \(nationality\)/],
      ["SY", "FR", /Syria \(residency\)/],
      ["RU", "RU", /Russia \(nationality\), Russia \(residency\)/],
    ] as const) {
      const profileId = await applicant(country, nationality);
      await assert.rejects(submitForm({ caller, profileId, body: form() }), fieldError(named));
      // One answer missing is the schema's refusal, before any country is looked at.
      assert.throws(() => form({ enhancedDueDiligence: { ...EDD, sourceOfWealth: undefined } }), /Source of wealth/);
      const done = await submitForm({ caller, profileId, body: form({ enhancedDueDiligence: EDD }) });
      assert.equal(done.form.state, "pending");
    }
    // Answers that are blank or too long are refused by the schema itself.
    assert.throws(() => form({ enhancedDueDiligence: { ...EDD, sourceOfFunds: "  " } }));
    assert.throws(() => form({ enhancedDueDiligence: { ...EDD, purposeOfRelationship: "x".repeat(1001) } }));
  });

  it("countries an admin's tier change applies to the next form at once", async () => {
    const profileId = await applicant("NZ", "NZ");
    await setCountryRisk({ code: "NZ", change: { residency: "restricted", reason: "test" }, actor: admin });
    try {
      await assert.rejects(submitForm({ caller, profileId, body: form() }), fieldError(/New Zealand \(residency\)/));
    } finally {
      await setCountryRisk({ code: "NZ", change: { residency: "low", reason: "test over" }, actor: admin });
    }
    assert.equal((await submitForm({ caller, profileId, body: form() })).form.state, "pending");
  });

  it("countries a form sent before high-risk details arrive is held at approval until it comes again with the answers", async () => {
    const profileId = (await createProfile({ caller, kind: "personal" })).id;
    await submitForm({ caller, profileId, body: form() });
    await submitDetails({ caller, profileId, body: person("IR", "IR") });
    await assert.rejects(
      decide({ profileId, decision: { decision: "approve", section: "form" }, operator: admin }),
      (e: unknown) => e instanceof AppError && e.code === "CONFLICT" && /Enhanced due diligence/.test(e.message),
    );
    await submitForm({ caller, profileId, body: form({ enhancedDueDiligence: EDD }) });
    const approved = await decide({ profileId, decision: { decision: "approve", section: "form" }, operator: admin });
    assert.equal(approved.form.state, "approved");
  });
});
