/**
 * Every word the screens show, in one place, grouped by screen: a translation replaces these modules and nothing
 * else. Components import `copy` and never spell out user-facing text themselves.
 */
import { account } from "./account";
import { iban } from "./iban";
import { kyc } from "./kyc";
import { onboarding } from "./onboarding";
import { wallet } from "./wallet";

export const copy = { account, iban, kyc, onboarding, wallet } as const;
