import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { setPrivileges } from "../applications/privileges.ts";
import { registerApplication, type RegisteredApplication } from "../applications/register-application.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import type { Caller } from "../oauth/caller.ts";
import { issueClientCredentialsToken } from "../oauth/issue-client-credentials-token.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { createProfile } from "./create-profile.ts";
import { detailsBodySchema, verificationsBodySchema } from "./kyc.schemas.ts";
import { approveCompleteProfiles } from "./auto-approve.ts";
import { decide } from "./review-profile.ts";
import { submitDetails, submitVerifications } from "./submit-kyc.ts";
import { openedEvents } from "../testing/recorded-events.ts";

// What needs a second application, which the HTTP suite's single demo application cannot show.
await setUpTestInstance("kyc");

let app: RegisteredApplication;
let caller: Caller;

const DETAILS = detailsBodySchema.parse({
  personal: {
    firstName: "Ada",
    lastName: "Lovelace",
    address: "12 St James's Square",
    postalCode: "SW1Y 4JH",
    city: "London",
    country: "GB",
    nationality: "GB",
    birthday: "1990-12-10",
  },
});

async function callerOf(application: RegisteredApplication): Promise<Caller> {
  const issued = await issueClientCredentialsToken({
    clientId: application.clientId,
    clientSecret: application.clientSecret,
  });
  return authenticateBearer(`Bearer ${issued.access_token}`);
}

const refused = (code: AppError["code"], message: RegExp) => (e: unknown) =>
  e instanceof AppError && e.code === code && message.test(e.message);

before(async () => {
  const prisma = await db();
  const stamp = randomBytes(4).toString("hex");
  const owner = await prisma.user.create({ data: { email: `partner-${stamp}@example.com` } });
  const home = await prisma.profile.create({ data: { kind: "corporate", name: "Partner" } });
  app = await registerApplication({
    name: "Partner",
    environment: "sandbox",
    profileId: home.id,
    ownerId: owner.id,
    redirectUris: [],
  });
  await setPrivileges(app.applicationId, ["sign_up"]);
  caller = await callerOf(app);
});

describe("KYC submissions and privileges", () => {
  it("an application without the KYC privilege is refused with 403, even for a profile it may act on", async () => {
    const profile = await createProfile({ caller, kind: "personal" });
    await assert.rejects(
      submitDetails({ caller, profileId: profile.id, body: DETAILS }),
      refused("FORBIDDEN", /is not allowed to submit KYC data/),
    );
    await setPrivileges(app.applicationId, ["sign_up", "submit_kyc"]);
    const submitted = await submitDetails({ caller, profileId: profile.id, body: DETAILS });
    assert.equal(submitted.details.state, "pending");
  });

  it("the reliance model: details alone approve; only due diligence verifications are taken", async () => {
    const prisma = await db();
    await prisma.application.update({ where: { id: app.applicationId }, data: { kycModel: "reliance" } });
    await setPrivileges(app.applicationId, ["sign_up", "submit_kyc"]);
    const profile = await createProfile({ caller, kind: "personal" });
    assert.deepEqual(profile.verifications, []);
    const fileId = "0b5a3c1e-0000-4000-8000-000000000000";
    const verifications = (kind: string) => verificationsBodySchema.parse({ personal: [{ kind, fileId }] });
    await assert.rejects(
      submitVerifications({ caller, profileId: profile.id, body: verifications("idDocument") }),
      (e: unknown) =>
        e instanceof AppError &&
        e.fields?.["personal.0.kind"] === "The KYC reliance model takes only enhancedDueDiligence verifications",
    );
    // Due diligence is taken, but only with the caller's own files.
    await assert.rejects(
      submitVerifications({ caller, profileId: profile.id, body: verifications("sourceOfFunds") }),
      (e: unknown) =>
        e instanceof AppError &&
        e.fields?.["personal.0.documents.0.fileId"] === "No file with this id was uploaded by you",
    );
    await submitDetails({ caller, profileId: profile.id, body: DETAILS });
    const approved = await decide({ profileId: profile.id, decision: { decision: "approve" } });
    assert.equal(approved.state, "approved");
  });

  it("sandbox auto-approval run by two instances at once approves a complete profile once, with one event", async () => {
    const prisma = await db();
    await prisma.application.update({ where: { id: app.applicationId }, data: { kycModel: "reliance" } });
    const profile = await createProfile({ caller, kind: "personal" });
    const t0 = Date.now();
    await submitDetails({ caller, profileId: profile.id, body: DETAILS });
    const later = () => new Date(t0 + 5_000);
    const early = await approveCompleteProfiles({ delaySeconds: 60, clock: later });
    assert.ok(!early.includes(profile.id), "not before the delay has passed");
    const runs = await Promise.all([
      approveCompleteProfiles({ delaySeconds: 1, clock: later }),
      approveCompleteProfiles({ delaySeconds: 1, clock: later }),
    ]);
    assert.equal(runs.flat().filter((id) => id === profile.id).length, 1);
    const events = await prisma.domainEvent.findMany({ where: { profileId: profile.id }, orderBy: { seq: "asc" } });
    assert.deepEqual(
      openedEvents(events).map((e) => (e.data as { state: string }).state),
      ["pending", "approved"],
    );
  });

  it("C70 a submission checks access to its own profile without opening the sealed names of the others", async () => {
    await setPrivileges(app.applicationId, ["sign_up", "submit_kyc"]);
    const profile = await createProfile({ caller, kind: "personal" });
    const other = await createProfile({ caller, kind: "personal" });
    // A sealed name no key opens: anything that opened it would fail.
    const unopenable = {
      sealed:
        "v1.gone.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAA.AAAA",
    };
    const prisma = await db();
    await prisma.profile.update({ where: { id: other.id }, data: { name: unopenable } });
    try {
      const submitted = await submitDetails({ caller, profileId: profile.id, body: DETAILS });
      assert.equal(submitted.details.state, "pending");
      assert.equal(submitted.name, "Ada Lovelace");
    } finally {
      await prisma.profile.update({ where: { id: other.id }, data: { name: "" } });
    }
  });
});
