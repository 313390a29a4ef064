import { friendlyFormatIBAN } from "ibantools";
import type { Onboarding } from "./onboarding-state.ts";

/** What the screens poll while they wait: the review, on-chain link signatures and the IBAN's provisioning. */
export type OnboardingStatus = {
  profileState?: string;
  addresses: { address: string; chain: string }[];
  pendingLinks: { address: string; chain: string }[];
  iban?: { state: string; iban?: string; bic?: string; address: string; chain: string };
};

export function onboardingStatus(onboarding: Onboarding): OnboardingStatus {
  const { iban } = onboarding;
  return {
    profileState: onboarding.profile?.state,
    addresses: onboarding.addresses,
    pendingLinks: onboarding.pendingLinks.map(({ address, chain }) => ({ address, chain })),
    iban: iban && {
      state: iban.state,
      iban: iban.iban ? (friendlyFormatIBAN(iban.iban) ?? iban.iban) : undefined,
      bic: iban.bic,
      address: iban.address,
      chain: iban.chain,
    },
  };
}
