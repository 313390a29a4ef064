import { LINK_MESSAGE } from "@/server/addresses/link-address";
import { chainsOf, resolveChain } from "@/server/chains/registry";
import type { Environment } from "@/server/environment";
import { resumePath } from "@/server/onboarding/step-path";
import type { loadSignedInStep } from "../load-step";

type SignedInStep = NonNullable<Awaited<ReturnType<typeof loadSignedInStep>>>;

/**
 * What the wallet step shows, whichever way the wallet connects (browser wallet or WalletConnect): the EVM chains of
 * this environment with the one `/auth` asked for first, the address it requires, and what is linked or waiting.
 */
export function walletStepProps(onboarding: SignedInStep, environment: Environment) {
  const { request } = onboarding;
  const chains = chainsOf(environment).flatMap((c) =>
    c.family === "evm" && typeof c.chainId === "number" ? [{ name: c.name, label: c.label, chainId: c.chainId }] : [],
  );
  const asked = request.chain ? resolveChain(request.chain, environment)?.name : undefined;
  const waiting = onboarding.pendingLinks[0];
  return {
    requestId: request.id,
    applicationName: request.applicationName,
    message: LINK_MESSAGE,
    chains,
    defaultChain: chains.find((c) => c.name === asked)?.name ?? chains[0]?.name ?? "",
    requiredAddress: request.address,
    autoLinkError: request.autoLinkError,
    linked: onboarding.addresses,
    pending: waiting && { address: waiting.address, chain: waiting.chain },
    continueHref: resumePath(request.id),
  };
}
