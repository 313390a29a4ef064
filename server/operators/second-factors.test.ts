import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { Secret, TOTP } from "otpauth";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { isOperator } from "../users/is-operator.ts";
import { acceptInvitation, readInvitation } from "./accept-invitation.ts";
import { grantOperator } from "./grant-operator.ts";
import { inviteOperator } from "./invite-operator.ts";
import { mayEnrol } from "./may-enrol.ts";
import { recoveryCodesIfNone, spendRecoveryCode } from "./recovery-codes.ts";
import { removeFactor } from "./remove-factor.ts";
import { issueSessionTicket, redeemSessionTicket } from "./session-ticket.ts";
import { confirmTotpEnrolment, startTotpEnrolment, verifyTotp } from "./totp.ts";
import { auditText } from "../audit/audit-text.ts";

// The sandbox's rule (optional) unless a test says otherwise.
await setUpTestInstance("second_factors");

const NOW = new Date("2026-11-26T19:00:00Z");
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const codeAt = (secret: string, when: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: when.getTime() });

async function operator() {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `op-${randomUUID()}@tokenrail.test` } });
  await prisma.$transaction((tx) => grantOperator(tx, { userId: user.id, roles: ["admin"] }));
  return { userId: user.id, actor: { userId: user.id, requestId: "req-test" } };
}

describe("an operator's second factors (C57)", () => {
  it("C57 a TOTP code is accepted within one step either side, once, never an older one", async () => {
    const { userId, actor } = await operator();
    const { secret, uri, qrCode } = await startTotpEnrolment(userId, getConfig());
    assert.match(uri, /^otpauth:\/\/totp\//);
    assert.match(qrCode, /^data:image\/png;base64,/);
    await assert.rejects(confirmTotpEnrolment({ userId, code: "000000", actor }, NOW), { code: "VALIDATION" });
    await confirmTotpEnrolment({ userId, code: codeAt(secret, at(0)), actor }, at(0));
    assert.equal(await verifyTotp(userId, codeAt(secret, at(0)), at(1)), false, "the enrolment's code is spent");
    assert.equal(await verifyTotp(userId, codeAt(secret, at(30)), at(1)), true, "the next step, within the window");
    assert.equal(await verifyTotp(userId, codeAt(secret, at(30)), at(31)), false, "reused");
    assert.equal(await verifyTotp(userId, codeAt(secret, at(150)), at(60)), false, "too far ahead");
    assert.equal(await verifyTotp(userId, codeAt(secret, at(60)), at(85)), true);
    const prisma = await db();
    const audit = await prisma.auditEntry.findMany({ where: { subjectId: userId }, select: { action: true } });
    assert.deepEqual(audit, [{ action: "operator.factor.enrol" }]);
  });

  it("C57 wrong codes are limited: after five, even a right one is refused for a while", async () => {
    const { userId, actor } = await operator();
    const { secret } = await startTotpEnrolment(userId, getConfig());
    await confirmTotpEnrolment({ userId, code: codeAt(secret, at(0)), actor }, at(0));
    for (let i = 0; i < 5; i++) assert.equal(await verifyTotp(userId, "000001", at(40)), false);
    await assert.rejects(verifyTotp(userId, codeAt(secret, at(40)), at(40)), { code: "TOO_MANY_REQUESTS" });
  });

  it("C57 ten recovery codes, stored as hashes, each works once and its use is audit-logged", async () => {
    const { userId, actor } = await operator();
    const codes = (await recoveryCodesIfNone({ userId, actor, now: NOW }))!;
    assert.equal(codes.length, 10);
    assert.equal(await recoveryCodesIfNone({ userId, actor, now: NOW }), undefined, "none while some are left");
    const prisma = await db();
    const stored = await prisma.recoveryCode.findMany({ where: { userId } });
    assert.ok(stored.every((row) => !codes.some((code) => row.codeHash.includes(code.replace(/-/g, "")))));
    assert.equal(await spendRecoveryCode({ userId, code: codes[3]!.toUpperCase(), actor }, NOW), true);
    assert.equal(await spendRecoveryCode({ userId, code: codes[3]!, actor }, NOW), false);
    const uses = await prisma.auditEntry.count({ where: { subjectId: userId, action: "operator.recovery-code.use" } });
    assert.equal(uses, 1);
  });

  it("C57 with factors enrolled, a password-only session is no operator and may not add a factor", async () => {
    const { userId, actor } = await operator();
    assert.equal(await isOperator({ userId, secondFactor: false }), true, "optional, and no factor yet");
    assert.equal(await mayEnrol({ userId, secondFactor: false }), true);
    const { secret } = await startTotpEnrolment(userId, getConfig());
    await confirmTotpEnrolment({ userId, code: codeAt(secret, at(0)), actor }, at(0));
    assert.equal(await isOperator({ userId, secondFactor: false }), false);
    assert.equal(await mayEnrol({ userId, secondFactor: false }), false);
    assert.equal(await isOperator({ userId, secondFactor: true }), true);
    // Required (production's rule): the only factor stays.
    await assert.rejects(
      removeFactor({ actor, factor: { kind: "totp" }, config: { ...getConfig(), operatorMfa: "required" } }, NOW),
      { code: "CONFLICT" },
    );
    await removeFactor({ actor, factor: { kind: "totp" }, config: getConfig() }, NOW);
    assert.equal(await isOperator({ userId, secondFactor: false }), true);
  });

  it("C57 a session ticket is spent once", async () => {
    const { userId } = await operator();
    const ticket = await issueSessionTicket(userId, "totp", NOW);
    assert.equal((await redeemSessionTicket(ticket, at(1)))?.userId, userId);
    assert.equal(await redeemSessionTicket(ticket, at(2)), undefined);
    const late = await issueSessionTicket(userId, "totp", NOW);
    assert.equal(await redeemSessionTicket(late, at(16 * 60)), undefined);
    assert.equal(await redeemSessionTicket("forged", NOW), undefined);
  });

  it("C57 an invitation is accepted once; an address with a password must be signed in as itself", async () => {
    const prisma = await db();
    const email = `invitee-${randomUUID()}@tokenrail.test`;
    const existing = await prisma.user.create({ data: { email, passwordHash: "x", roles: [] } });
    // Invited by an admin: an invitation with no inviter is the bootstrap's, void once an admin exists.
    const { actor: invitedBy } = await operator();
    const { link } = await prisma.$transaction((tx) =>
      inviteOperator(tx, { email, roles: ["reviewer"], invitedBy, config: getConfig(), now: NOW }),
    );
    const token = new URL(link).searchParams.get("token")!;
    assert.deepEqual(await readInvitation(token, NOW), { usable: true, email, roles: ["reviewer"], hasAccount: true });
    await assert.rejects(acceptInvitation({ token }, NOW), { code: "FORBIDDEN" });
    const accepted = await acceptInvitation({ token, signedInUserId: existing.id }, NOW);
    assert.deepEqual(accepted.roles, ["reviewer"]);
    await assert.rejects(acceptInvitation({ token, signedInUserId: existing.id }, NOW), { code: "BAD_REQUEST" });
    assert.equal((await readInvitation(token, NOW)).usable, false);
    const entry = await prisma.auditEntry.findFirstOrThrow({
      where: { action: "operator.invitation.accept", actorUserId: existing.id },
    });
    assert.deepEqual(auditText(entry).after, { email, roles: ["reviewer"], invitedById: invitedBy.userId });

    const expired = await prisma.$transaction((tx) =>
      inviteOperator(tx, {
        email: `late-${randomUUID()}@tokenrail.test`,
        roles: ["admin"],
        invitedBy,
        config: getConfig(),
        now: NOW,
      }),
    );
    const lateToken = new URL(expired.link).searchParams.get("token")!;
    await assert.rejects(
      acceptInvitation({ token: lateToken, name: "Late", password: "long enough password" }, at(49 * 3600)),
      {
        code: "BAD_REQUEST",
      },
    );
    const fresh = await acceptInvitation({ token: lateToken, name: "Late", password: "long enough password" }, NOW);
    assert.deepEqual(fresh.roles, ["admin"]);
  });
});
