import type { ReactNode } from "react";

/** The onboarding screens. Wallet libraries are not loaded here: only the steps that talk to a wallet load them. */
export default function OnboardingLayout({ children }: { children: ReactNode }) {
  return children;
}
