import { db } from "../db/client.ts";

/** What a person can prove beyond the password: passkeys, a confirmed authenticator app, unused recovery codes. */
export type SecondFactors = {
  passkeys: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }[];
  totp: boolean;
  recoveryCodesLeft: number;
};

/** The person's second factors (an authenticator app counts once it was confirmed with a code). */
export async function listSecondFactors(userId: string): Promise<SecondFactors> {
  const prisma = await db();
  const [passkeys, totp, recoveryCodesLeft] = await Promise.all([
    prisma.passkey.findMany({
      where: { userId },
      select: { id: true, name: true, createdAt: true, lastUsedAt: true },
      orderBy: { createdAt: "asc" },
    }),
    prisma.totpFactor.findFirst({ where: { userId, confirmedAt: { not: null } }, select: { id: true } }),
    prisma.recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  return { passkeys, totp: totp !== null, recoveryCodesLeft };
}

/** Whether the person has enrolled a passkey or an authenticator app (recovery codes stand in for those). */
export async function hasSecondFactor(userId: string): Promise<boolean> {
  const factors = await listSecondFactors(userId);
  return factors.passkeys.length > 0 || factors.totp;
}
