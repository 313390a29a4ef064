/**
 * What a payout's payee and remittance are sealed for (server/keys/sealed-value.ts): every read and write of these
 * columns seals or opens them with these contexts (./payout-text.ts).
 */
export const PAYOUT_COUNTERPART = "Payout.counterpart";
export const PAYOUT_REMITTANCE = "Payout.remittance";
