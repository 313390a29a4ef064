import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { limitedAttempt } from "./second-factor-attempts.ts";
import { openEmail } from "../users/user-email.ts";

const PERIOD = 30;

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: "Tokenrail",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a code matches, within one step either side of now (RFC 6238 §5.2), or undefined. */
function matchingStep(secret: string, code: string, now: Date): number | undefined {
  const delta = totpFor(secret, "").validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

/**
 * Accepts `code` for the person's authenticator once: its step must be later than the last one accepted, so a code
 * seen over someone's shoulder (or replayed) is refused even within its 30 seconds. Atomic, so two requests racing
 * with the same code cannot both pass.
 */
async function spendCode(factorId: string, secret: string, code: string, now: Date): Promise<boolean> {
  const step = matchingStep(secret, code, now);
  if (step === undefined) return false;
  const prisma = await db();
  const { count } = await prisma.totpFactor.updateMany({
    where: { id: factorId, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: BigInt(step) } }] },
    data: { lastUsedStep: BigInt(step) },
  });
  return count === 1;
}

export type TotpEnrolment = { secret: string; uri: string; qrCode: string };

/**
 * Starts enrolling an authenticator app: a fresh secret (replacing one not yet confirmed), shown as a QR code and as
 * text. It counts as a factor once a code from the app confirms it. A person has at most one authenticator.
 */
export async function startTotpEnrolment(userId: string, config: Config): Promise<TotpEnrolment> {
  const prisma = await db();
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const existing = await prisma.totpFactor.findUnique({ where: { userId }, select: { confirmedAt: true } });
  if (existing?.confirmedAt) {
    throw new AppError("CONFLICT", "An authenticator app is already set up; remove it before adding another");
  }
  const secret = new Secret({ size: 20 }).base32;
  await prisma.totpFactor.upsert({
    where: { userId },
    create: { userId, secret },
    update: { secret, lastUsedStep: null },
  });
  const totp = totpFor(secret, openEmail(user.email));
  totp.issuer = `Tokenrail (${new URL(config.appUrl).host})`;
  const uri = totp.toString();
  return { secret, uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/** Confirms the authenticator being enrolled with its first code; it is a factor from now on (audit-logged). */
export async function confirmTotpEnrolment(
  options: { userId: string; code: string; actor: AuditActor },
  now: Date,
): Promise<void> {
  const prisma = await db();
  const factor = await prisma.totpFactor.findUnique({ where: { userId: options.userId } });
  if (!factor || factor.confirmedAt) throw new AppError("BAD_REQUEST", "Start adding the authenticator app again");
  const ok = await limitedAttempt(options.userId, now, () => spendCode(factor.id, factor.secret, options.code, now));
  if (!ok) throw new AppError("VALIDATION", "Validation errors", { code: "That code is not right; try the next one" });
  await prisma.$transaction(async (tx) => {
    await tx.totpFactor.update({ where: { id: factor.id }, data: { confirmedAt: now } });
    await recordAudit(tx, {
      actor: options.actor,
      action: "operator.factor.enrol",
      subject: { type: "operator", id: options.userId },
      after: { factor: "totp" },
      at: now,
    });
  });
}

/** Whether `code` is a current, unused code of the person's confirmed authenticator (attempts are limited). */
export async function verifyTotp(userId: string, code: string, now: Date): Promise<boolean> {
  const prisma = await db();
  const factor = await prisma.totpFactor.findFirst({ where: { userId, confirmedAt: { not: null } } });
  return limitedAttempt(userId, now, async () =>
    factor ? spendCode(factor.id, factor.secret, code, now) : Promise.resolve(false),
  );
}
