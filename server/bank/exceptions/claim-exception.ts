import type { AuditActor } from "../../audit/record-audit.ts";
import { AppError } from "../../errors.ts";
import type { BankEntry, Prisma } from "../../generated/prisma/client.ts";
import { refuseWhileHeld } from "../../screening/screen-parties.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Takes an open exception for one resolution, inside the resolving transaction: a conditional update on an entry
 * still `unmatched` and unresolved, so of two operators (or two clicks) resolving it at once exactly one goes on;
 * the other waits for the row and then finds it resolved (CONFLICT). A miss is NOT_FOUND; an entry that was never an
 * exception (minted, a payout's debit) is CONFLICT too, and so is a credit compliance holds (its debtor's potential or
 * confirmed sanctions hit, C64): neither minted nor sent back to a listed payer.
 */
export async function claimException(
  tx: Prisma.TransactionClient,
  options: { entryId: string; actor: AuditActor; now: Date },
): Promise<BankEntry> {
  const { entryId, actor, now } = options;
  if (!UUID.test(entryId)) throw new AppError("NOT_FOUND", "Bank entry not found");
  const id = entryId.toLowerCase();
  const claimed = await tx.bankEntry.updateMany({
    where: { id, outcome: "unmatched", resolvedAt: null },
    data: { resolvedAt: now, resolvedById: actor.userId },
  });
  if (claimed.count !== 1) throw await notOpen(tx, id);
  await refuseWhileHeld(tx, { holds: "credit", holdsId: id });
  return tx.bankEntry.findUniqueOrThrow({ where: { id } });
}

/** An exception still open, read (not taken) in the caller's transaction; refused as `claimException` refuses. */
export async function openException(tx: Prisma.TransactionClient, entryId: string): Promise<BankEntry> {
  if (!UUID.test(entryId)) throw new AppError("NOT_FOUND", "Bank entry not found");
  const id = entryId.toLowerCase();
  const entry = await tx.bankEntry.findUnique({ where: { id } });
  if (entry?.outcome !== "unmatched" || entry.resolvedAt !== null) throw await notOpen(tx, id);
  await refuseWhileHeld(tx, { holds: "credit", holdsId: id });
  return entry;
}

async function notOpen(tx: Prisma.TransactionClient, id: string): Promise<AppError> {
  const entry = await tx.bankEntry.findUnique({ where: { id }, select: { outcome: true } });
  if (!entry) return new AppError("NOT_FOUND", "Bank entry not found");
  return new AppError(
    "CONFLICT",
    entry.outcome === "assigned" || entry.outcome === "returned"
      ? `This credit was resolved before (${entry.outcome})`
      : "This entry is not an exception: only unmatched credits can be assigned or returned",
  );
}
