/**
 * The end-to-end id of a payout (at most 35 characters, SEPA's Latin set): the redeem order's id without its dashes
 * (32 hex digits), or `R` and the returned entry's id for a credit sent back. Each leads to exactly one order or
 * entry, and the same payout always gets the same id, so a payment run repeated after a crash writes the same file.
 */
export function redeemEndToEndId(orderId: string): string {
  return orderId.replaceAll("-", "").toLowerCase();
}

export function returnEndToEndId(bankEntryId: string): string {
  return `R${bankEntryId.replaceAll("-", "").toLowerCase()}`;
}
