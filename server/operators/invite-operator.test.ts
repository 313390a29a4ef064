import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { SECRET_MARK } from "../mail/mail-secret.ts";
import { hashSecret } from "../oauth/secrets.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { inviteOperator, INVITATION_HOURS } from "./invite-operator.ts";
import { openedMail, whereMailTo } from "../mail/mail-columns.ts";
import { auditText } from "../audit/audit-text.ts";
import { countPlainRecords, sealPlainRecords } from "../keys/seal-plain-records.ts";
import { isSealed } from "../keys/sealed-value.ts";
import { readInvitation } from "./accept-invitation.ts";
import { invitationEmail } from "./invitation-email.ts";

await setUpTestInstance("invite_operator");

const now = new Date("2026-11-26T19:00:00Z");

describe("inviting an operator (C57)", () => {
  it("C57 stores only the link's hash, mails the single-use link and returns it", async () => {
    const prisma = await db();
    const email = `new-op-${randomUUID()}@tokenrail.test`;
    const invitation = await prisma.$transaction((tx) =>
      inviteOperator(tx, { email: email.toUpperCase(), roles: ["admin"], config: getConfig(), now }),
    );
    const link = new URL(invitation.link);
    assert.equal(`${link.origin}${link.pathname}`, `${getConfig().appUrl}/operator-invitation`);
    const token = link.searchParams.get("token") ?? "";
    assert.ok(token.length >= 40);
    const stored = await prisma.operatorInvitation.findUniqueOrThrow({ where: { id: invitation.id } });
    assert.equal(stored.tokenHash, hashSecret(token));
    assert.deepEqual(
      { email: invitationEmail(stored), roles: stored.roles, invitedById: stored.invitedById, usedAt: stored.usedAt },
      { email, roles: ["admin"], invitedById: null, usedAt: null },
    );
    assert.equal(stored.expiresAt.getTime(), now.getTime() + INVITATION_HOURS * 3_600_000);
    assert.ok(!JSON.stringify(stored).includes(token), "the token itself is not stored");
    const mail = await prisma.outboxMessage.findFirstOrThrow({ where: whereMailTo(email) });
    assert.match(mail.subject, /invited to operate/);
    // The stored mail keeps the link's place, not its token (the command line prints the link; the mail carries it).
    assert.ok(openedMail(mail).body.includes(`/operator-invitation?token=${SECRET_MARK}`));
    assert.ok(!JSON.stringify(mail).includes(token), "the token is not in the stored mail");
    // The first operator has nobody to name: nothing is audit-logged until it is accepted.
    assert.equal(await prisma.auditEntry.count({ where: { subjectId: invitation.id } }), 0);
  });

  it("C57 an invitation by an operator is audit-logged with its roles, never its link", async () => {
    const prisma = await db();
    const inviter = await prisma.user.create({
      data: { email: `op-${randomUUID()}@tokenrail.test`, roles: ["admin"] },
    });
    const email = `reviewer-${randomUUID()}@tokenrail.test`;
    const invitation = await prisma.$transaction((tx) =>
      inviteOperator(tx, {
        email,
        roles: ["reviewer", "treasurer"],
        invitedBy: { userId: inviter.id, requestId: "req-invite" },
        config: getConfig(),
        now,
      }),
    );
    const entry = await prisma.auditEntry.findFirstOrThrow({ where: { subjectId: invitation.id } });
    assert.deepEqual(
      { action: entry.action, actor: entry.actorEmail, subjectType: entry.subjectType, requestId: entry.requestId },
      { action: "operator.invite", actor: inviter.email, subjectType: "operator-invitation", requestId: "req-invite" },
    );
    assert.deepEqual(auditText(entry).after, {
      email,
      roles: ["reviewer", "treasurer"],
      expiresAt: invitation.expiresAt.toISOString(),
    });
    assert.ok(
      !JSON.stringify({ ...entry, seq: String(entry.seq) }).includes(
        new URL(invitation.link).searchParams.get("token") ?? "?",
      ),
    );
    assert.equal(
      (await prisma.operatorInvitation.findUniqueOrThrow({ where: { id: invitation.id } })).invitedById,
      inviter.id,
    );
  });

  it("refuses an invitation without a role or to an address that is none", async () => {
    const prisma = await db();
    await assert.rejects(
      prisma.$transaction((tx) => inviteOperator(tx, { email: "a@b.test", roles: [], config: getConfig(), now })),
      { code: "VALIDATION" },
    );
    await assert.rejects(
      prisma.$transaction((tx) => inviteOperator(tx, { email: "nobody", roles: ["admin"], config: getConfig(), now })),
      { code: "VALIDATION" },
    );
  });

  it("C70 an invitation's address is sealed at rest and read the same; one written plain before sealing is sealed in place", async () => {
    const prisma = await db();
    const dump = async () =>
      (await prisma.$queryRawUnsafe<{ text: string }[]>(`SELECT t::text AS text FROM "OperatorInvitation" t`))
        .map((r) => r.text)
        .join("\n");
    const inviter = await prisma.user.create({
      data: { email: `op-${randomUUID()}@tokenrail.test`, roles: ["admin"] },
    });
    const local = `sealed-invitee-${randomUUID()}`;
    const email = `${local}@tokenrail.test`;
    const invitation = await prisma.$transaction((tx) =>
      inviteOperator(tx, {
        email,
        roles: ["reviewer"],
        invitedBy: { userId: inviter.id },
        config: getConfig(),
        now,
      }),
    );
    const token = new URL(invitation.link).searchParams.get("token") ?? "";
    const stored = await prisma.operatorInvitation.findUniqueOrThrow({ where: { id: invitation.id } });
    assert.equal(isSealed(stored.email), true);
    assert.equal((await dump()).includes(local), false, "the address is not in a dump");
    // The link's page still names the address invited.
    const view = await readInvitation(token, now);
    assert.ok(view.usable);
    assert.equal(view.email, email);

    // An invitation as the migration leaves one written before: its address a plain JSON string.
    const plainToken = `plain-${randomUUID()}`;
    const plainLocal = `plain-invitee-${randomUUID()}`;
    const plainId = randomUUID();
    await prisma.$executeRawUnsafe(
      `INSERT INTO "OperatorInvitation" ("id", "tokenHash", "email", "roles", "invitedById", "expiresAt")
       VALUES ($1::uuid, $2, to_jsonb($3::text), ARRAY['reviewer'], $4::uuid, $5::timestamptz)`,
      plainId,
      hashSecret(plainToken),
      `${plainLocal}@tokenrail.test`,
      inviter.id,
      new Date(now.getTime() + 3_600_000),
    );
    const before = await readInvitation(plainToken, now);
    assert.ok(before.usable);
    assert.equal(before.email, `${plainLocal}@tokenrail.test`);
    assert.ok((await countPlainRecords())["OperatorInvitation.email"]! >= 1);

    await sealPlainRecords();
    assert.equal((await countPlainRecords())["OperatorInvitation.email"], 0);
    const sealedRow = await prisma.operatorInvitation.findUniqueOrThrow({ where: { id: plainId } });
    assert.equal(isSealed(sealedRow.email), true);
    assert.deepEqual(await readInvitation(plainToken, now), before, "the invitation reads as it did");
    assert.equal((await dump()).includes(plainLocal), false, "the address is not in a dump");
  });
});
