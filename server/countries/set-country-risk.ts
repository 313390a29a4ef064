import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { SetCountryRisk } from "./countries.schemas.ts";
import type { CountryView } from "./countries.responses.ts";
import { normalCountryCode } from "./country-risk.ts";

/**
 * An admin changes a country's tiers for nationality, residency or both, with a reason. The change and its audit
 * entry (before, after, reason) commit together; a change to what the tiers already are writes nothing. It applies
 * from the next read on: KYC, monitoring and screening read the table itself.
 */
export async function setCountryRisk(options: {
  code: string;
  change: SetCountryRisk;
  actor: AuditActor;
  clock?: Clock;
}): Promise<CountryView> {
  const { change, actor, clock = serverClock } = options;
  const code = normalCountryCode(options.code);
  if (!code) throw new AppError("NOT_FOUND", "No country has this code");
  const prisma = await db();
  const now = clock();
  return prisma.$transaction(async (tx) => {
    // Locked, so two admins' changes to one country are recorded one after the other, each with its true `before`.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Country" WHERE "code" = ${code} FOR UPDATE`;
    const id = locked[0]?.id;
    if (!id) throw new AppError("NOT_FOUND", "No country has this code");
    const select = { name: true, code: true, nationality: true, residency: true } as const;
    const before = await tx.country.findUniqueOrThrow({ where: { id }, select });
    const nationality = change.nationality ?? before.nationality;
    const residency = change.residency ?? before.residency;
    if (nationality === before.nationality && residency === before.residency) return before;
    const after = await tx.country.update({ where: { id }, data: { nationality, residency, updatedAt: now }, select });
    await recordAudit(tx, {
      actor,
      action: "country.risk",
      subject: { type: "country", id },
      before: { code, nationality: before.nationality, residency: before.residency },
      after: { code, nationality, residency },
      reason: change.reason,
      at: now,
    });
    return after;
  });
}
