import { db } from "../db/client.ts";
import { hashSecret, randomSecret } from "../oauth/secrets.ts";
import { openEmail, openName } from "../users/user-email.ts";

/** A ticket is redeemed at once, or after the recovery codes of a first factor were read: 15 minutes at most. */
const TICKET_MS = 15 * 60_000;

export type SecondFactorMethod = "passkey" | "totp" | "recovery-code";

/**
 * Proof, for the web session, that `userId` just passed a second factor: a single-use, short-lived value (only its
 * hash is stored) that the session's `second-factor` sign-in redeems to mark the session as such (app/auth.ts).
 */
export async function issueSessionTicket(userId: string, method: SecondFactorMethod, now: Date): Promise<string> {
  const ticket = randomSecret();
  const prisma = await db();
  await prisma.operatorChallenge.create({
    data: {
      userId,
      purpose: "session",
      valueHash: hashSecret(ticket),
      method,
      expiresAt: new Date(now.getTime() + TICKET_MS),
    },
  });
  return ticket;
}

/** Spends a ticket once: the person it was issued for, or nothing (unknown, expired, used). */
export async function redeemSessionTicket(
  ticket: string,
  now: Date,
): Promise<{ userId: string; email: string; name: string; method: string } | undefined> {
  if (!ticket || ticket.length > 100) return undefined;
  const prisma = await db();
  const valueHash = hashSecret(ticket);
  const { count } = await prisma.operatorChallenge.updateMany({
    where: { valueHash, purpose: "session", usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count !== 1) return undefined;
  const row = await prisma.operatorChallenge.findUniqueOrThrow({
    where: { valueHash },
    select: { method: true, user: { select: { id: true, email: true, name: true } } },
  });
  return { userId: row.user.id, email: openEmail(row.user.email), name: openName(row.user.name), method: row.method };
}
