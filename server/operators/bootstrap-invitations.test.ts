import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { acceptInvitation, readInvitation } from "./accept-invitation.ts";
import { BOOTSTRAP_LINK_VOID, bootstrapOperator } from "./bootstrap-operator.ts";
import { inviteOperator } from "./invite-operator.ts";
import { openEmail } from "../users/user-email.ts";

// Bootstrap invitations (the command line's, for the first administrator) on a real database of their own: PGlite,
// or PostgreSQL when DATABASE_URL is set, where the two acceptances below truly run at once (C57).
await setUpTestInstance("bootstrap_invitations");

const NOW = new Date("2026-11-26T19:00:00Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

async function bootstrapLink(): Promise<{ token: string; email: string }> {
  const email = `first-${randomUUID()}@tokenrail.test`;
  const { link } = await bootstrapOperator({ email, config: getConfig(), now: NOW });
  return { token: new URL(link).searchParams.get("token")!, email };
}

async function admins(): Promise<number> {
  const prisma = await db();
  const operators = await prisma.operator.findMany({ select: { roles: true } });
  return operators.filter((o) => o.roles.includes("admin")).length;
}

const accept = (token: string, at: Date) =>
  acceptInvitation({ token, name: "First", password: "a long enough password" }, at);

describe("C57 a bootstrap invitation is void once an administrator exists", () => {
  it("C57 of two bootstrap links accepted at once, one makes the administrator and the other is refused", async () => {
    // Printed before anyone accepted: the command line issues one per call while the instance has no admin.
    const [first, second, third] = [await bootstrapLink(), await bootstrapLink(), await bootstrapLink()];
    const outcomes = await Promise.allSettled([accept(first.token, later(1)), accept(second.token, later(1))]);
    const accepted = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as unknown] : []));
    assert.equal(accepted.length, 1, "exactly one administrator results");
    assert.equal(refused.length, 1);
    assert.deepEqual(
      { code: (refused[0] as { code?: string }).code, message: (refused[0] as Error).message },
      { code: "CONFLICT", message: BOOTSTRAP_LINK_VOID },
    );
    assert.equal(await admins(), 1);

    // A stale link later: shown as unusable, and refused if posted anyway; nobody else became an operator.
    assert.deepEqual(await readInvitation(third.token, later(2)), { usable: false, message: BOOTSTRAP_LINK_VOID });
    await assert.rejects(accept(third.token, later(2)), { code: "CONFLICT", message: BOOTSTRAP_LINK_VOID });
    const prisma = await db();
    const operators = await prisma.operator.findMany({ include: { user: { select: { email: true } } } });
    assert.equal(operators.length, 1);
    assert.ok([first.email, second.email].includes(openEmail(operators[0]!.user.email)));
    // The refused links stay unspent (nothing was written), and the command line refuses new ones.
    assert.equal(await prisma.operatorInvitation.count({ where: { usedAt: { not: null } } }), 1);
    await assert.rejects(bootstrapOperator({ email: "late@tokenrail.test", config: getConfig(), now: later(3) }), {
      code: "CONFLICT",
    });
  });

  it("C57 an invitation an administrator made still works once the instance has one", async () => {
    const prisma = await db();
    const admin = await prisma.operator.findFirstOrThrow({ select: { userId: true } });
    const email = `invited-${randomUUID()}@tokenrail.test`;
    const { link } = await prisma.$transaction((tx) =>
      inviteOperator(tx, {
        email,
        roles: ["reviewer"],
        invitedBy: { userId: admin.userId },
        config: getConfig(),
        now: NOW,
      }),
    );
    const accepted = await accept(new URL(link).searchParams.get("token")!, later(5));
    assert.deepEqual({ email: accepted.email, roles: accepted.roles }, { email, roles: ["reviewer"] });
  });
});
