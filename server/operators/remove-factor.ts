import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";

/**
 * Removes one of the operator's own factors: a passkey (by id) or the authenticator app. Where a second factor is
 * required, the last one stays (C57): the operator adds another first. Audit-logged.
 */
export async function removeFactor(
  options: { actor: AuditActor; factor: { kind: "passkey"; id: string } | { kind: "totp" }; config: Config },
  now: Date,
): Promise<void> {
  const userId = options.actor.userId;
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const passkeys = await tx.passkey.findMany({ where: { userId }, select: { id: true, name: true } });
    const totp = await tx.totpFactor.findFirst({ where: { userId, confirmedAt: { not: null } }, select: { id: true } });
    const factors = passkeys.length + (totp ? 1 : 0);
    const target =
      options.factor.kind === "totp" ? totp : passkeys.find((p) => p.id === (options.factor as { id: string }).id);
    if (!target) throw new AppError("NOT_FOUND", "That factor does not exist");
    if (factors <= 1 && options.config.operatorMfa === "required") {
      throw new AppError("CONFLICT", "This is your only second factor: add another before removing it");
    }
    if (options.factor.kind === "totp") await tx.totpFactor.delete({ where: { userId } });
    else await tx.passkey.delete({ where: { id: target.id } });
    await recordAudit(tx, {
      actor: options.actor,
      action: "operator.factor.remove",
      subject: { type: "operator", id: userId },
      before: options.factor.kind === "totp" ? { factor: "totp" } : { factor: "passkey", passkeyId: target.id },
      at: now,
    });
  });
}
