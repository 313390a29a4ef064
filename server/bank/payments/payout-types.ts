import type { Config } from "../../config.ts";
import type { PayoutState } from "../../generated/prisma/client.ts";

/** What a payout-related call needs besides its transaction. */
export type PayoutContext = { config: Config; now: Date };

/** What a status report or a booked entry did to one payout. */
export type PayoutOutcome = {
  payoutId: string;
  endToEndId: string;
  /** The payout's state after it (unchanged when the report or entry was seen before, or says nothing new). */
  state: PayoutState;
  /** Whether this report or entry moved the payout (false: a repeat, a pending status, or a problem). */
  changed: boolean;
  /** The re-issue order of a rejected or returned redeem payout (once; undefined when it existed before). */
  reissueOrderId?: string;
  /** Why nothing was done although the payout is ours (an amount that does not match, a state it cannot leave). */
  problem?: string;
};

/** A booked entry of the master account that concerns one of our payouts. */
export type PayoutEntry = {
  /** `debit`: the bank's debit for the payout; `return`: the payout coming back (a credit with a return reason). */
  kind: "debit" | "return";
  endToEndId: string;
  amountMinor: bigint;
  currency: string;
  reasonCode?: string;
  bankEntryId: string;
};
