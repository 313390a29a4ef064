import { randomInt } from "node:crypto";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { hashSecret } from "../oauth/secrets.ts";
import { limitedAttempt } from "./second-factor-attempts.ts";

export const RECOVERY_CODE_COUNT = 10;
/** 32 letters and digits without look-alikes; 16 of them are 80 bits, so a fast hash is enough (secrets.ts). */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

function newCode(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

const normalized = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

/**
 * Ten new one-time recovery codes for the person, replacing any left: only their hashes are stored, so they are
 * shown this once (audit-logged, never the codes).
 */
export async function generateRecoveryCodes(
  tx: Prisma.TransactionClient,
  options: { userId: string; actor: AuditActor; now: Date },
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.recoveryCode.deleteMany({ where: { userId: options.userId } });
  await tx.recoveryCode.createMany({
    data: codes.map((code) => ({ userId: options.userId, codeHash: hashSecret(normalized(code)) })),
  });
  await recordAudit(tx, {
    actor: options.actor,
    action: "operator.recovery-codes.generate",
    subject: { type: "operator", id: options.userId },
    after: { count: RECOVERY_CODE_COUNT },
    at: options.now,
  });
  return codes;
}

/** Spends one of the person's recovery codes (once; attempts are limited, each use audit-logged). */
export async function spendRecoveryCode(
  options: { userId: string; code: string; actor: AuditActor },
  now: Date,
): Promise<boolean> {
  const prisma = await db();
  return limitedAttempt(options.userId, now, () =>
    prisma.$transaction(async (tx) => {
      const { count } = await tx.recoveryCode.updateMany({
        where: { userId: options.userId, codeHash: hashSecret(normalized(options.code)), usedAt: null },
        data: { usedAt: now },
      });
      if (count !== 1) return false;
      const left = await tx.recoveryCode.count({ where: { userId: options.userId, usedAt: null } });
      await recordAudit(tx, {
        actor: options.actor,
        action: "operator.recovery-code.use",
        subject: { type: "operator", id: options.userId },
        after: { left },
        at: now,
      });
      return true;
    }),
  );
}

/** After a person's first factor: their recovery codes, if they have none left (shown once), else nothing. */
export async function recoveryCodesIfNone(options: {
  userId: string;
  actor: AuditActor;
  now: Date;
}): Promise<string[] | undefined> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const left = await tx.recoveryCode.count({ where: { userId: options.userId, usedAt: null } });
    return left === 0 ? generateRecoveryCodes(tx, options) : undefined;
  });
}

/** Ten new recovery codes for the operator, the old ones void (from the console). */
export async function regenerateRecoveryCodes(options: { actor: AuditActor; now: Date }): Promise<string[]> {
  const prisma = await db();
  return prisma.$transaction((tx) => generateRecoveryCodes(tx, { userId: options.actor.userId, ...options }));
}
