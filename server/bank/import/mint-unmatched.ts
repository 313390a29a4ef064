import { electronicFormatIBAN } from "ibantools";
import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { holderProblem, ibanHolders } from "./iban-holders.ts";
import { mintCredits, routedTargets } from "./mint-credits.ts";
import { entryText } from "./entry-text.ts";

/**
 * An exception assigned by an operator (C48): an `unmatched` credit minted to the approved IBAN they chose, through
 * the importer's own path (the incoming payment under the entry's identity, so it is never minted twice), inside
 * the caller's transaction, which also audits it. The entry becomes `assigned` with its order; the mint is queued
 * and the caller drives the chain queue after the commit. Refused (CONFLICT) unless the entry is an unmatched
 * credit in euros of a positive amount; refused (VALIDATION) for an IBAN that does not take payments.
 */
export async function mintUnmatched(
  tx: Prisma.TransactionClient,
  options: { entryId: string; iban: string; config: Config; now: Date; resolvedById?: string },
): Promise<{ orderId: string }> {
  const { config, now } = options;
  const [entry] = await tx.$queryRaw<
    {
      identity: string;
      outcome: string;
      side: string;
      amountMinor: bigint;
      currency: string;
      debtorName: unknown;
      debtorIban: unknown;
      remittance: unknown;
    }[]
  >`
    SELECT "identity", "outcome"::text AS "outcome", "side", "amountMinor", "currency", "debtorName", "debtorIban",
      "remittance"
    FROM "BankEntry" WHERE "id" = ${options.entryId}::uuid FOR UPDATE`;
  if (!entry) throw new AppError("NOT_FOUND", "Bank entry not found");
  if (entry.outcome !== "unmatched") {
    throw new AppError("CONFLICT", `The entry is ${entry.outcome}, not an unmatched credit`);
  }
  if (entry.side !== "CRDT" || entry.currency !== "EUR" || entry.amountMinor <= 0n) {
    throw new AppError("CONFLICT", "Only a credit of a positive amount in EUR can be minted; return it instead");
  }
  const iban = electronicFormatIBAN(options.iban) ?? options.iban;
  const holder = (await ibanHolders(tx, [iban])).get(iban);
  const problem = iban === config.bank.account.iban ? "is the master account" : holderProblem(holder);
  if (problem || !holder) {
    throw new AppError("VALIDATION", "Validation errors", { iban: problem ?? "does not take payments" });
  }
  const text = entryText(entry);
  const credit = {
    bankReference: entry.identity,
    iban,
    profileId: holder.profileId,
    address: holder.address,
    chain: holder.chain,
    amountMinor: entry.amountMinor,
    currency: "eur" as const,
    memo: text.remittance ?? undefined,
    debtor: { name: text.debtorName ?? "", ...(text.debtorIban ? { iban: text.debtorIban } : {}) },
    recipients: holder.emails,
  };
  const routed = (await routedTargets(tx, [credit], config)).get(0);
  const minted = (await mintCredits(tx, [{ ...credit, ...routed }], config, now)).get(entry.identity);
  if (!minted) throw new AppError("CONFLICT", "This credit was minted before");
  await tx.bankEntry.update({
    where: { id: options.entryId },
    data: {
      outcome: "assigned",
      orderId: minted.orderId,
      resolvedAt: now,
      ...(options.resolvedById ? { resolvedById: options.resolvedById } : {}),
    },
  });
  return { orderId: minted.orderId };
}
