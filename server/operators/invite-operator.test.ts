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
      { email: stored.email, roles: stored.roles, invitedById: stored.invitedById, usedAt: stored.usedAt },
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
});
