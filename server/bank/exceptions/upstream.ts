/**
 * The importer's and the payments' entry points the operator's side calls, in one place: the console's actions and
 * the admin API reach them through here.
 */
export { mintUnmatched } from "../import/mint-unmatched.ts";
export { releasePaymentFile, runPaymentRun } from "../payments/payouts.ts";
