import { notFound } from "next/navigation";
import { ExpiredRequest, OnboardingFrame } from "@/components/onboarding/onboarding-frame";
import { WalletStep } from "@/components/wallet/wallet-step";
import { WalletConnectPairing } from "@/components/walletconnect/walletconnect-pairing";
import { WalletConnectProviders } from "@/components/walletconnect/walletconnect-providers";
import { LINK_MESSAGE } from "@/server/addresses/link-address";
import { chainsOf, resolveChain } from "@/server/chains/registry";
import { getConfig } from "@/server/config";
import { resumePath, stepPath } from "@/server/onboarding/step-path";
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
  const chains = chainsOf(environment).flatMap((c) =>
    c.family === "evm" && typeof c.chainId === "number" ? [{ name: c.name, label: c.label, chainId: c.chainId }] : [],
  );
  const asked = request.chain ? resolveChain(request.chain, environment)?.name : undefined;
  const defaultChain = chains.find((c) => c.name === asked)?.name ?? chains[0]?.name ?? "";
  const waiting = onboarding.pendingLinks[0];
  return (
    <OnboardingFrame applicationName={request.applicationName} steps={onboarding.steps} email={onboarding.user.email}>
      <WalletConnectProviders
        environment={environment}
        projectId={walletConnectProjectId}
        appName={request.applicationName}
        appUrl={appUrl}
      >
        <WalletStep
          requestId={request.id}
          applicationName={request.applicationName}
          message={LINK_MESSAGE}
          chains={chains}
          defaultChain={defaultChain}
          requiredAddress={request.address}
          autoLinkError={request.autoLinkError}
          linked={onboarding.addresses}
          pending={waiting && { address: waiting.address, chain: waiting.chain }}
          continueHref={resumePath(request.id)}
          picker={<WalletConnectPairing backHref={stepPath(request.id, "wallet")} />}
        />
      </WalletConnectProviders>
    </OnboardingFrame>
  );
}
