import type { Config } from "../../config.ts";
import type { BankEntry, Order, Prisma } from "../../generated/prisma/client.ts";
import type { PaymentStatusReport } from "../iso20022/read-payment-status.ts";

/** What a payout-related call needs besides its transaction. */
export type PayoutContext = { config: Config; now: Date };

/**
 * A processed redeem order's payout (its tokens are burned, inside `tx`): a `Payout` in state `instructed` under the
 * order's end-to-end id. Where payment files are released at once (the sandbox), the payout is written into a
 * payment file and released in the same transaction, and `released` is true: the order is then processed.
 */
export async function instructPayout(
  tx: Prisma.TransactionClient,
  order: Order,
  ctx: PayoutContext,
): Promise<{ payoutId: string; released: boolean }> {
  void tx;
  void order;
  void ctx;
  await Promise.resolve();
  throw new Error("not implemented");
}

/** An unmatched credit sent back to its sender: a payout to the debtor's IBAN with the original reference. */
export async function instructReturn(
  tx: Prisma.TransactionClient,
  entry: BankEntry,
  ctx: PayoutContext,
): Promise<{ payoutId: string }> {
  void tx;
  void entry;
  void ctx;
  await Promise.resolve();
  throw new Error("not implemented");
}

/** What a status report or a booked entry did to one payout. */
export type PayoutOutcome = {
  payoutId: string;
  endToEndId: string;
  /** The payout's state after it. */
  state: "accepted" | "debited" | "rejected" | "returned";
  /** The re-issue order of a rejected or returned redeem payout (once; undefined when it existed before). */
  reissueOrderId?: string;
};

/** A pain.002 on one of our payment files, applied inside the import's transaction. */
export async function applyPaymentStatus(
  tx: Prisma.TransactionClient,
  report: PaymentStatusReport,
  ctx: PayoutContext & { fileId: string },
): Promise<PayoutOutcome[]> {
  void tx;
  void report;
  void ctx;
  await Promise.resolve();
  throw new Error("not implemented");
}

/**
 * A booked debit of the master account for one of our payouts (found by end-to-end id), or a payout coming back (a
 * credit with a return reason): the payout's state, and for a return the tokens re-issued once. Undefined when the
 * end-to-end id is not one of our payouts.
 */
export async function settlePayoutEntry(
  tx: Prisma.TransactionClient,
  entry: {
    kind: "debit" | "return";
    endToEndId: string;
    amountMinor: bigint;
    currency: string;
    reasonCode?: string;
    bankEntryId: string;
  },
  ctx: PayoutContext,
): Promise<PayoutOutcome | undefined> {
  void tx;
  void entry;
  void ctx;
  await Promise.resolve();
  throw new Error("not implemented");
}
