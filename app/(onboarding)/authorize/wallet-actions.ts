"use server";

import { onboarding as onboardingCopy } from "@/components/copy/onboarding";
import { wallet as walletCopy } from "@/components/copy/wallet";
import { linkAddress } from "@/server/addresses/link-address";
import { getConfig } from "@/server/config";
import { AppError } from "@/server/errors";
import { linkWalletStepSchema } from "@/server/onboarding/onboarding.schemas";
import { personCaller } from "@/server/onboarding/session-caller";
import { onboardingAction, type StepResult } from "./onboarding-action";

/** The wallet step's answer: on to the next step once linked, or `pending` while a Safe's on-chain signature is awaited. */
export type LinkWalletResult = StepResult & { pending?: { address: string; chain: string } };

/**
 * The wallet step: links the connected address to the onboarding's profile with the wallet's signature of the link
 * message, or, with `0x`, waits for the Safe to sign it on chain. When the application named the address on `/auth`,
 * only that address is accepted.
 */
export async function linkWalletAction(input: unknown): Promise<LinkWalletResult> {
  return onboardingAction<typeof linkWalletStepSchema, LinkWalletResult>(
    linkWalletStepSchema,
    input,
    async (onboarding, { address, chain, signature }) => {
      const required = onboarding.request.address;
      if (required && required.toLowerCase() !== address.toLowerCase()) {
        throw new AppError("VALIDATION", "Wrong address", { address: walletCopy.wrongAddress(required, address) });
      }
      if (!onboarding.profile) throw new AppError("BAD_REQUEST", onboardingCopy.expired.title);
      const outcome = await linkAddress({
        caller: personCaller(onboarding),
        request: { profile: onboarding.profile.id, address, chain, signature },
        config: getConfig(),
      });
      if (outcome.kind === "pending") return { pending: { address, chain } };
    },
  );
}
