import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { changeApplicationLogo } from "./change-application-logo.ts";
import { listDeveloperApplications } from "./list-developer-applications.ts";
import { setPrivileges } from "./privileges.ts";
import { readApplicationLogo } from "./read-application-logo.ts";
import { readDeveloperApplication } from "./read-developer-application.ts";
import { registerDeveloperApplication } from "./register-developer-application.ts";
import { requestPrivileges } from "./request-privileges.ts";
import { rotateDeveloperSecret } from "./rotate-developer-secret.ts";
import { updateDeveloperApplication } from "./update-developer-application.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";

await setUpTestInstance("portal");

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
let dev: { userId: string; profileId: string };
let stranger: { userId: string; profileId: string };

/** A developer account as a verified sign-up leaves it: a person with a password and a personal profile. */
async function developer(name: string, verified = true): Promise<{ userId: string; profileId: string }> {
  const prisma = await db();
  const user = await prisma.user.create({
    data: {
      email: `${name}-${Date.now()}@example.com`,
      passwordHash: "scrypt$not-a-real-hash",
      emailVerifiedAt: verified ? new Date() : null,
      memberships: { create: { perms: ["read", "write"], profile: { create: { kind: "personal" } } } },
    },
    select: { id: true, memberships: { select: { profileId: true } } },
  });
  return { userId: user.id, profileId: user.memberships[0]!.profileId };
}

before(async () => {
  dev = await developer("dev");
  stranger = await developer("stranger");
});

const isCode = (code: string, field?: string) => (e: unknown) =>
  e instanceof AppError && e.code === code && (field === undefined || Boolean(e.fields?.[field]));

const register = (userId: string, profileId: string, extra: Record<string, unknown> = {}) =>
  registerDeveloperApplication({
    userId,
    config: getConfig(),
    input: { name: "Portal app", profileId, kycModel: "reliance", redirectUris: ["https://a.example/cb"], ...extra },
  });

describe("issue 9: applications in the developer portal", () => {
  it("C56: a developer whose e-mail address is not verified registers nothing", async () => {
    const unverified = await developer("unverified", false);
    await assert.rejects(register(unverified.userId, unverified.profileId), isCode("FORBIDDEN"));
    const prisma = await db();
    assert.equal(await prisma.application.count({ where: { ownerId: unverified.userId } }), 0);
  });

  it("registers for a profile the developer may write to, in this instance's environment, with its KYC model", async () => {
    const app = await register(dev.userId, dev.profileId);
    const details = await readDeveloperApplication({ userId: dev.userId, applicationId: app.applicationId });
    assert.equal(details.environment, getConfig().environment);
    assert.equal(details.kycModel, "reliance");
    assert.deepEqual(details.redirectUris, ["https://a.example/cb"]);
    const listed = await listDeveloperApplications({ userId: dev.userId, environment: getConfig().environment });
    assert.ok(listed.some((a) => a.id === app.applicationId && a.clientId === app.clientId));
    const other = await listDeveloperApplications({ userId: stranger.userId, environment: getConfig().environment });
    assert.ok(!other.some((a) => a.id === app.applicationId));
  });

  it("refuses someone else's profile and bad redirect URIs by field, registering nothing", async () => {
    await assert.rejects(register(dev.userId, stranger.profileId), isCode("VALIDATION", "profileId"));
    await assert.rejects(
      register(dev.userId, dev.profileId, { redirectUris: ["https://ok.example/cb", "http://bad.example/cb"] }),
      isCode("VALIDATION", "redirectUris.1"),
    );
    await assert.rejects(
      register(dev.userId, dev.profileId, { redirectUris: [] }),
      isCode("VALIDATION", "redirectUris"),
    );
  });

  it("a logo that is not an image refuses the whole registration", async () => {
    const prisma = await db();
    const before = await prisma.application.count();
    await assert.rejects(
      registerDeveloperApplication({
        userId: dev.userId,
        config: getConfig(),
        input: {
          name: "Bad logo",
          profileId: dev.profileId,
          kycModel: "sharing",
          redirectUris: ["https://a.example/cb"],
        },
        logo: { name: "x.png", bytes: Buffer.from("<svg/>") },
      }),
      isCode("VALIDATION", "logo"),
    );
    assert.equal(await prisma.application.count(), before);
  });

  it("someone else gets NOT_FOUND for every change", async () => {
    const app = await register(dev.userId, dev.profileId);
    const target = { userId: stranger.userId, applicationId: app.applicationId };
    await assert.rejects(readDeveloperApplication(target), isCode("NOT_FOUND"));
    await assert.rejects(rotateDeveloperSecret(target), isCode("NOT_FOUND"));
    await assert.rejects(
      updateDeveloperApplication({ ...target, input: { name: "Mine", redirectUris: ["https://x.example/cb"] } }),
      isCode("NOT_FOUND"),
    );
    await assert.rejects(
      requestPrivileges({ ...target, input: { privileges: ["sign_up"], note: "" } }),
      isCode("NOT_FOUND"),
    );
    await assert.rejects(changeApplicationLogo({ ...target, logo: null, config: getConfig() }), isCode("NOT_FOUND"));
  });

  it("privilege requests skip what is granted, keep the note, and asking for none withdraws", async () => {
    const app = await register(dev.userId, dev.profileId);
    const target = { userId: dev.userId, applicationId: app.applicationId };
    await setPrivileges(app.applicationId, ["submit_kyc"]);
    const asked = await requestPrivileges({
      ...target,
      input: { privileges: ["sign_up", "submit_kyc", "sign_up"], note: " We sign our users up. " },
    });
    assert.deepEqual(asked, { requestedPrivileges: ["sign_up"], privilegeRequestNote: "We sign our users up." });
    const withdrawn = await requestPrivileges({ ...target, input: { privileges: [], note: "ignored" } });
    assert.deepEqual(withdrawn, { requestedPrivileges: [], privilegeRequestNote: "" });
    await assert.rejects(
      requestPrivileges({ ...target, input: { privileges: ["launch_rockets"], note: "" } }),
      isCode("VALIDATION"),
    );
  });

  it("the logo is served as the stored image type until it is removed", async () => {
    const app = await register(dev.userId, dev.profileId);
    const target = { userId: dev.userId, applicationId: app.applicationId, config: getConfig() };
    await assert.rejects(readApplicationLogo({ ...target }), isCode("NOT_FOUND"));
    const { logoFileId } = await changeApplicationLogo({ ...target, logo: { name: "logo.png", bytes: PNG } });
    assert.ok(logoFileId);
    const logo = await readApplicationLogo({ ...target });
    assert.equal(logo.type, "image/png");
    assert.deepEqual(Buffer.from(await new Response(logo.content).arrayBuffer()), PNG);
    await changeApplicationLogo({ ...target, logo: null });
    await assert.rejects(readApplicationLogo({ ...target }), isCode("NOT_FOUND"));
    await assert.rejects(
      readApplicationLogo({ applicationId: "not-a-uuid", config: getConfig() }),
      isCode("NOT_FOUND"),
    );
  });

  it("renaming and replacing redirect URIs", async () => {
    const app = await register(dev.userId, dev.profileId);
    const target = { userId: dev.userId, applicationId: app.applicationId };
    await updateDeveloperApplication({
      ...target,
      input: { name: " Renamed ", redirectUris: ["http://localhost:3000/cb", "https://b.example/cb"] },
    });
    const details = await readDeveloperApplication(target);
    assert.equal(details.name, "Renamed");
    assert.deepEqual(details.redirectUris, ["http://localhost:3000/cb", "https://b.example/cb"]);
  });
});
