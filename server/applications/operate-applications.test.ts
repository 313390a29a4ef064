import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import { issueClientCredentialsToken } from "../oauth/issue-client-credentials-token.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { signUpForApplication } from "../users/sign-up-for-application.ts";
import { changeApplication, decidePrivilegeRequest, listApplications } from "./operate-applications.ts";
import { registerApplication } from "./register-application.ts";
import { openAuditEntry } from "../audit/audit-text.ts";

await setUpTestInstance("operate_apps");

let owner: { userId: string; profileId: string };
let operator: { userId: string; requestId: string };

before(async () => {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `dev-${Date.now()}@example.com` } });
  const profile = await prisma.profile.create({ data: { kind: "corporate", name: "Integrator" } });
  owner = { userId: user.id, profileId: profile.id };
  const op = await prisma.user.create({ data: { email: `op-${Date.now()}@example.com`, roles: ["admin"] } });
  operator = { userId: op.id, requestId: "req-operate-apps-1" };
});

/** An application whose developer asked for privileges (as the developer portal records the request). */
async function requesting(requested: string[], note = "We onboard our own customers") {
  const app = await registerApplication({
    name: "Requesting app",
    environment: "sandbox",
    profileId: owner.profileId,
    ownerId: owner.userId,
    redirectUris: ["https://partner.example.com/cb"],
  });
  const prisma = await db();
  await prisma.application.update({
    where: { id: app.applicationId },
    data: { requestedPrivileges: requested, privilegeRequestNote: note },
  });
  return app;
}

const auditOf = async (applicationId: string) => {
  const prisma = await db();
  const rows = await prisma.auditEntry.findMany({ where: { subjectId: applicationId }, orderBy: { at: "asc" } });
  return rows.map(openAuditEntry);
};

describe("issue 9: the operator decides on requested privileges", () => {
  it("granting moves the privilege from the requests to the privileges, audited; the client's token can use it", async () => {
    const app = await requesting(["sign_up", "submit_kyc"]);
    const token = await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret });
    const caller = await authenticateBearer(`Bearer ${token.access_token}`);
    const email = `granted-${Date.now()}@example.com`;
    await assert.rejects(
      signUpForApplication({ caller, email, config: getConfig() }),
      (e: unknown) => e instanceof AppError && e.code === "FORBIDDEN",
    );

    const view = await decidePrivilegeRequest({
      id: app.applicationId,
      request: { privilege: "sign_up", decision: "grant" },
      operator,
    });
    assert.deepEqual(view.privileges, ["sign_up"]);
    assert.deepEqual(view.requestedPrivileges, ["submit_kyc"]);
    assert.equal(view.privilegeRequestNote, "We onboard our own customers");
    assert.equal((await signUpForApplication({ caller, email, config: getConfig() })).created, true);

    const [entry] = await auditOf(app.applicationId);
    assert.equal(entry?.action, "application.privileges.request.grant");
    assert.equal(entry?.actorUserId, operator.userId);
    assert.equal(entry?.requestId, operator.requestId);
    assert.deepEqual(entry?.before, {
      privileges: [],
      requestedPrivileges: ["sign_up", "submit_kyc"],
      privilegeRequestNote: "We onboard our own customers",
    });
    assert.deepEqual(entry?.after, { privileges: ["sign_up"], requestedPrivileges: ["submit_kyc"] });
  });

  it("declining drops the request (and the note with the last one) without granting, audited", async () => {
    const app = await requesting(["submit_kyc"]);
    const view = await decidePrivilegeRequest({
      id: app.applicationId,
      request: { privilege: "submit_kyc", decision: "decline" },
      operator,
    });
    assert.deepEqual(view.privileges, []);
    assert.deepEqual(view.requestedPrivileges, []);
    assert.equal(view.privilegeRequestNote, null);
    const entries = await auditOf(app.applicationId);
    assert.deepEqual(
      entries.map((e) => e.action),
      ["application.privileges.request.decline"],
    );
  });

  it("a privilege no longer requested cannot be decided twice, and nothing is recorded for the refusal", async () => {
    const app = await requesting(["sign_up"]);
    const decide = () =>
      decidePrivilegeRequest({ id: app.applicationId, request: { privilege: "sign_up", decision: "grant" }, operator });
    await decide();
    await assert.rejects(decide, (e: unknown) => e instanceof AppError && e.code === "CONFLICT");
    assert.equal((await auditOf(app.applicationId)).length, 1);
    await assert.rejects(
      decidePrivilegeRequest({ id: "not-a-uuid", request: { privilege: "sign_up", decision: "grant" }, operator }),
      (e: unknown) => e instanceof AppError && e.code === "NOT_FOUND",
    );
  });

  it("granting a requested privilege directly also settles its request; the list shows what is requested", async () => {
    const app = await requesting(["sign_up", "submit_kyc"]);
    const view = await changeApplication({ id: app.applicationId, change: { privileges: ["submit_kyc"] }, operator });
    assert.deepEqual(view.requestedPrivileges, ["sign_up"]);
    const listed = (await listApplications()).applications.find((a) => a.id === app.applicationId);
    assert.deepEqual(listed?.requestedPrivileges, ["sign_up"]);
    assert.deepEqual(listed?.privileges, ["submit_kyc"]);
  });
});
