/**
 * What a person's sealed columns are sealed for (./sealed-value.ts) and indexed as (./blind-index.ts): every read
 * and write of the column seals, opens or indexes with its context, so a value sealed for one column does not open
 * in another and an index of one column matches nothing in another.
 */
export const USER_EMAIL = "User.email";
export const USER_NAME = "User.name";
export const PROFILE_NAME = "Profile.name";
export const PROFILE_STATE_REASON = "Profile.stateReason";
export const IBAN_NUMBER = "Iban.iban";
