import { walletConnect as walletConnectCopy } from "@/components/copy/walletconnect";
import { ExpiredRequest, OnboardingFrame } from "@/components/onboarding/onboarding-frame";
import { WalletProviders } from "@/components/wallet/wallet-providers";
import { WalletStep } from "@/components/wallet/wallet-step";
import { LINK_MESSAGE } from "@/server/addresses/link-address";
import { chainsOf, resolveChain } from "@/server/chains/registry";
import { getConfig } from "@/server/config";
import { resumePath } from "@/server/onboarding/step-path";
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
  const chains = chainsOf(environment).flatMap((c) =>
    c.family === "evm" && typeof c.chainId === "number" ? [{ name: c.name, label: c.label, chainId: c.chainId }] : [],
  );
  const asked = request.chain ? resolveChain(request.chain, environment)?.name : undefined;
  const defaultChain = chains.find((c) => c.name === asked)?.name ?? chains[0]?.name ?? "";
  const waiting = onboarding.pendingLinks[0];
  return (
    <OnboardingFrame applicationName={request.applicationName} steps={onboarding.steps} email={onboarding.user.email}>
      <WalletProviders environment={environment}>
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
