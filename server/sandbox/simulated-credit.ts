import { randomBytes } from "node:crypto";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Order } from "../generated/prisma/client.ts";
import { awaitImportedOrders, importBankFile } from "../bank/import/import-bank-file.ts";
import { isConflictIdentity } from "../bank/import/line-identities.ts";
import { entryIban } from "../bank/import/entry-text.ts";
import { sandboxId } from "../bank/sandbox/sandbox-bank.ts";
import { writeCamt054 } from "../bank/sandbox/sandbox-bank-files.ts";
import { mayWriteProfile } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";

/** The longest bank reference a camt file carries (`AcctSvcrRef`, Max35Text). */
const REFERENCE_LENGTH = 35;

export type SimulatedCredit = {
  /** The virtual IBAN credited, electronic format. */
  iban: string;
  amountMinor: bigint;
  /** The token currency (`eur`). */
  currency: string;
  memo?: string;
  debtor: { name: string; iban?: string };
  /** The bank's reference: the same reference reported again is the same booking. */
  reference?: string;
  /** Restricts the IBAN to profiles this caller may write (the sandbox API); undefined for the console. */
  writableBy?: Caller;
};

/**
 * The bank's reference as a camt file carries it: as given when it fits, else a digest of it (the same long
 * reference always gives the same one, so a repeat is still recognised).
 */
export function bookingReference(reference: string | undefined): string {
  if (reference === undefined) return `SBXIN${randomBytes(12).toString("hex").toUpperCase()}`;
  return reference.length <= REFERENCE_LENGTH ? reference : sandboxId("SBXR", reference);
}

/**
 * A payment into a virtual IBAN, as the sandbox bank reports it: a camt.054 with one booked credit to the master
 * account, imported by the importer like any bank's file (so it is minted, or refused, exactly as a real one would
 * be). Answers the issue order once its mint has run, and whether the reference was reported before; a reference
 * reported before for another payment (another IBAN or amount, or an order the caller may not see) is a conflict.
 */
export async function importSimulatedCredit(
  credit: SimulatedCredit,
  config: Config,
): Promise<{ order: Order; repeated: boolean }> {
  const messageId = sandboxId("SBXIN", randomBytes(16).toString("hex"));
  const reference = bookingReference(credit.reference);
  const bytes = writeCamt054({
    messageId,
    createdAt: new Date(),
    account: config.bank.account,
    entries: [
      {
        kind: "credit",
        reference,
        amountMinor: credit.amountMinor,
        currency: credit.currency.toUpperCase(),
        creditorIban: credit.iban,
        debtor: credit.debtor,
        remittance: credit.memo || undefined,
      },
    ],
  });
  const report = await importBankFile({
    content: { bytes },
    name: `camt054-${messageId}.xml`,
    source: "simulator",
    config,
    writableBy: credit.writableBy,
    // The mint is driven below while its order is awaited: a second drive from the import would only contend.
    driveChain: false,
  });
  const [entry] = report.entries;
  if (!entry) throw new Error("The simulated credit was not reported");
  if (entry.result === "already_imported") await assertSamePayment(entry.identity, credit, entry.orderId);
  else if (entry.result === "unmatched" && isConflictIdentity(entry.identity)) {
    // The reference named another payment: an exception, as a bank's credit would be; the simulator says so at once.
    throw new AppError("CONFLICT", "This bank reference was reported for another payment");
  } else if (entry.result !== "minted" || !entry.orderId) {
    // Recorded as a bank's credit would be (an exception for an operator), but the simulator says why at once.
    throw new AppError("VALIDATION", "Validation errors", { iban: entry.problem ?? "The payment could not be minted" });
  }
  const [order] = await awaitImportedOrders(report, config);
  if (!order) throw new AppError("CONFLICT", "This bank reference was reported for another payment");
  return { order, repeated: entry.result === "already_imported" };
}

async function assertSamePayment(identity: string, credit: SimulatedCredit, orderId?: string): Promise<void> {
  const conflict = new AppError("CONFLICT", "This bank reference was reported for another payment");
  if (!orderId) throw conflict;
  const prisma = await db();
  const earlier = await prisma.bankEntry.findUnique({ where: { identity } });
  const order = await prisma.order.findUnique({ where: { id: orderId } });
  const same =
    earlier !== null &&
    order !== null &&
    entryIban(earlier) === credit.iban &&
    earlier.amountMinor === credit.amountMinor &&
    earlier.currency.toLowerCase() === credit.currency.toLowerCase() &&
    (!credit.writableBy || (await mayWriteProfile(credit.writableBy, order.profileId)));
  if (!same) throw conflict;
}
