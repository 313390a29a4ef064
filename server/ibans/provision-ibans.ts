import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { recordEvent } from "../events/record-event.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { generateIban, secureRandom, type RandomSource } from "./generate-iban.ts";
import { ibanView } from "./iban-view.ts";
import { ibanNumberData, whereIbanNumber } from "./iban-number.ts";
import { openProfileName } from "../profiles/profile-name.ts";

/** A fresh number that no IBAN has yet; a clash with one committed meanwhile fails on the unique index instead. */
async function unusedIban(
  tx: Prisma.TransactionClient,
  settings: Config["ibans"],
  random: RandomSource,
): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const iban = generateIban({ format: settings.format, bankCode: settings.bankCode, random });
    if (!(await tx.iban.findFirst({ where: whereIbanNumber(iban), select: { id: true } }))) return iban;
  }
  throw new Error(`20 generated ${settings.country} IBANs were all taken: the bank code's number space is full`);
}

/**
 * The bank's side of `POST /ibans`, run periodically by every instance: each requested IBAN of an approved profile
 * gets a number and the BIC and becomes `approved`, with its `iban.updated` event in the same transaction. Rows are
 * claimed one at a time with `FOR UPDATE SKIP LOCKED`, so instances running at once never provision one twice.
 * Requests of profiles that are no longer approved wait. Returns the IBANs provisioned by this run.
 */
export async function provisionRequestedIbans(options: {
  settings: Config["ibans"];
  clock?: Clock;
  random?: RandomSource;
  limit?: number;
}): Promise<string[]> {
  const { settings, clock = serverClock, random = secureRandom, limit = 50 } = options;
  const prisma = await db();
  const provisioned: string[] = [];
  while (provisioned.length < limit) {
    const iban = await prisma.$transaction(async (tx) => {
      const [claimed] = await tx.$queryRaw<{ id: string }[]>`
        SELECT i."id" FROM "Iban" i JOIN "Profile" p ON p."id" = i."profileId"
        WHERE i."state" = 'requested' AND i."iban" IS NULL AND p."state" = 'approved'
        ORDER BY i."requestedAt" LIMIT 1
        FOR UPDATE OF i SKIP LOCKED`;
      if (!claimed) return undefined;
      const number = await unusedIban(tx, settings, random);
      const now = clock();
      const row = await tx.iban.update({
        where: { id: claimed.id },
        data: { ...ibanNumberData(number), bic: settings.bic, state: "approved", provisionedAt: now },
        include: { profile: { select: { name: true } } },
      });
      const view = ibanView({ ...row, iban: number, bic: settings.bic }, openProfileName(row.profile.name));
      await recordEvent(tx, { type: "iban.updated", profileId: row.profileId, data: view, at: now });
      return number;
    });
    if (!iban) break;
    provisioned.push(iban);
  }
  return provisioned;
}
