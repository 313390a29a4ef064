import { notFound } from "next/navigation";
import { ExpiredRequest, OnboardingFrame } from "@/components/onboarding/onboarding-frame";
import { WalletStep } from "@/components/wallet/wallet-step";
import { WalletConnectPairing } from "@/components/walletconnect/walletconnect-pairing";
import { WalletConnectProviders } from "@/components/walletconnect/walletconnect-providers";
import { getConfig } from "@/server/config";
import { stepPath } from "@/server/onboarding/step-path";
import { walletStepProps } from "../wallet-step-props";
import { loadSignedInStep, type StepSearchParams } from "../../load-step";

export const dynamic = "force-dynamic";

/**
 * The wallet step through WalletConnect: a phone wallet pairs by QR code, then links exactly as a browser wallet does
 * (choose the chain, sign the link message, or wait for a Safe). Exists only on an instance with a WalletConnect
 * project; its libraries load on this page alone.
 */
export default async function WalletConnectPage(props: { searchParams: StepSearchParams }) {
  const { environment, walletConnectProjectId, appUrl } = getConfig();
  if (!walletConnectProjectId) notFound();
  const onboarding = await loadSignedInStep(props.searchParams, "wallet");
  if (!onboarding) return <ExpiredRequest />;
  const { request } = onboarding;
  return (
    <OnboardingFrame applicationName={request.applicationName} steps={onboarding.steps} email={onboarding.user.email}>
      <WalletConnectProviders
        environment={environment}
        projectId={walletConnectProjectId}
        appName={request.applicationName}
        appUrl={appUrl}
      >
        <WalletStep
          {...walletStepProps(onboarding, environment)}
          picker={<WalletConnectPairing backHref={stepPath(request.id, "wallet")} />}
        />
      </WalletConnectProviders>
    </OnboardingFrame>
  );
}
