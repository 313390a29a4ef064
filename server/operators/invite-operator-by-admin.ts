import type { AuditActor } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { inviteOperator } from "./invite-operator.ts";
import type { InviteOperator } from "./operators.schemas.ts";

/** What the operators page and the admin API answer for an invitation: never its link (it went by mail only). */
export type SentInvitation = { id: string; email: string; roles: string[]; expiresAt: string };

/**
 * An admin invites a colleague by e-mail with roles (C58): the invitation mechanism of `invite-operator.ts`, in a
 * transaction of its own, audited as the admin's. The single-use link goes only to the invited address.
 */
export async function inviteOperatorByAdmin(options: {
  invitation: InviteOperator;
  actor: AuditActor;
  config: Config;
  clock?: Clock;
}): Promise<SentInvitation> {
  const { invitation, actor, config, clock = serverClock } = options;
  const prisma = await db();
  const sent = await prisma.$transaction((tx) =>
    inviteOperator(tx, { ...invitation, invitedBy: actor, config, now: clock() }),
  );
  return { id: sent.id, email: sent.email, roles: sent.roles, expiresAt: sent.expiresAt.toISOString() };
}
