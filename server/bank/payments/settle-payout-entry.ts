import type { Prisma } from "../../generated/prisma/client.ts";
import { formatDecimalAmount } from "../iso20022/decimal-amount.ts";
import { movePayout } from "./payout-transitions.ts";
import type { PayoutContext, PayoutEntry, PayoutOutcome } from "./payout-types.ts";

/**
 * A booked entry of the master account for one of our payouts, found by its end-to-end id, inside the import's
 * transaction. A debit (the bank paid it) makes the payout `debited` when its amount and currency are the payout's;
 * a return (it came back, with a reason code) makes it `returned` and gives back what was paid out once: a redeem's
 * tokens re-issued (at most the amount that came back), a returned credit back to the exceptions queue. Applying an
 * entry again changes nothing. Undefined when the end-to-end id is not one of our payouts; an entry that does not fit
 * the payout (another amount or currency, a state it cannot leave) changes nothing and says why (`problem`).
 */
export async function settlePayoutEntry(
  tx: Prisma.TransactionClient,
  entry: PayoutEntry,
  ctx: PayoutContext,
): Promise<PayoutOutcome | undefined> {
  const payout = await tx.payout.findUnique({ where: { endToEndId: entry.endToEndId } });
  if (!payout) return undefined;
  const base = { payoutId: payout.id, endToEndId: payout.endToEndId, state: payout.state, changed: false };
  if (entry.currency.toLowerCase() !== payout.currency.toLowerCase()) {
    return { ...base, problem: `the entry is in ${entry.currency}, the payout in ${payout.currency.toUpperCase()}` };
  }
  if (entry.kind === "debit") {
    if (entry.amountMinor !== payout.amountMinor) {
      const amount = (minor: bigint) => formatDecimalAmount(minor, "EUR");
      return {
        ...base,
        problem: `the debit is ${amount(entry.amountMinor)}, the payout ${amount(payout.amountMinor)}`,
      };
    }
    return movePayout(tx, payout, { to: "debited" }, ctx);
  }
  return movePayout(tx, payout, { to: "returned", reasonCode: entry.reasonCode, amountMinor: entry.amountMinor }, ctx);
}
