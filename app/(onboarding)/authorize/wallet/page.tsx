import { walletConnect as walletConnectCopy } from "@/components/copy/walletconnect";
import { ExpiredRequest, OnboardingFrame } from "@/components/onboarding/onboarding-frame";
import { WalletProviders } from "@/components/wallet/wallet-providers";
import { WalletStep } from "@/components/wallet/wallet-step";
import { getConfig } from "@/server/config";
import { walletStepProps } from "./wallet-step-props";
import { loadSignedInStep, type StepSearchParams } from "../load-step";

export const dynamic = "force-dynamic";

/**
 * The wallet step: connect a browser wallet and link its address by signing the fixed message. The only onboarding
 * screen that loads the wallet libraries with the page. WalletConnect, when configured, is a link to a page of its
 * own (`./walletconnect`), so its libraries never weigh on this one.
 */
export default async function WalletPage(props: { searchParams: StepSearchParams }) {
  const onboarding = await loadSignedInStep(props.searchParams, "wallet");
  if (!onboarding) return <ExpiredRequest />;
  const { environment, walletConnectProjectId } = getConfig();
  const { request } = onboarding;
  return (
    <OnboardingFrame applicationName={request.applicationName} steps={onboarding.steps} email={onboarding.user.email}>
      <WalletProviders environment={environment}>
        <WalletStep
          {...walletStepProps(onboarding, environment)}
          walletConnect={
            walletConnectProjectId
              ? {
                  href: `/authorize/wallet/walletconnect?request=${encodeURIComponent(request.id)}`,
                  label: walletConnectCopy.choice,
                  hint: walletConnectCopy.choiceHint,
                }
              : undefined
          }
        />
      </WalletProviders>
    </OnboardingFrame>
  );
}
