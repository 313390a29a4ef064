/*
 * Money out (issue 24): the payouts of processed redeem orders and of credits returned to their senders become SEPA
 * credit transfers in pain.001 payment files, released (at once in the sandbox, by an operator in production) and
 * answered by the bank (pain.002 status reports, camt debit and return entries). See docs/bank.md, "Money out".
 * This module is the door the rest of the rail uses; each use case lives in a file of its own.
 */

export type { PayoutContext, PayoutEntry, PayoutOutcome } from "./payout-types.ts";
export { instructPayout, instructReturn, returnableTo } from "./instruct-payout.ts";
export { applyPaymentStatus } from "./apply-payment-status.ts";
export { settlePayoutEntry } from "./settle-payout-entry.ts";
export { runPaymentRun, MAX_PAYMENTS_PER_FILE } from "./run-payment-run.ts";
export { releasePaymentFile, type PaymentFileOutcome } from "./release-payment-file.ts";
