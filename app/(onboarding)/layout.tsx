import type { ReactNode } from "react";
import { WalletProviders } from "@/components/wallet/wallet-providers";
import { getConfig } from "@/server/config";

/** The onboarding screens may talk to the person's wallet. */
export default function OnboardingLayout({ children }: { children: ReactNode }) {
  return <WalletProviders environment={getConfig().environment}>{children}</WalletProviders>;
}
