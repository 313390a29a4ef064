import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { isAppError } from "../errors.ts";
import { linkAddress } from "../addresses/link-address.ts";
import type { Onboarding } from "./onboarding-state.ts";
import { personCaller } from "./session-caller.ts";

/**
 * SPEC endpoint 2: with `address`, `signature` and `chain` on `/auth`, the wallet is linked without the person
 * signing again, and they continue to the next step. Tried once, when the wallet step comes up: a refusal is kept
 * on the request and shown there, and the person links by hand instead.
 */
export async function autoLinkRequestedAddress(options: {
  onboarding: Onboarding & { user: { id: string } };
  config: Config;
}): Promise<boolean> {
  const { onboarding, config } = options;
  const { address, signature, chain, autoLinkError } = onboarding.request;
  if (!address || !signature || !chain || autoLinkError !== undefined || !onboarding.profile) return false;
  if (onboarding.addresses.some((a) => a.address.toLowerCase() === address.toLowerCase() && a.chain === chain)) {
    return false;
  }
  try {
    await linkAddress({
      caller: personCaller(onboarding),
      request: { profile: onboarding.profile.id, address, chain, signature },
      config,
    });
    return true;
  } catch (error) {
    if (!isAppError(error)) throw error;
    const reason = Object.values(error.fields ?? {})[0] ?? error.message;
    const prisma = await db();
    await prisma.authorizationRequest.update({
      where: { id: onboarding.request.id },
      data: { autoLinkError: `${error.message}: ${reason}` },
    });
    return false;
  }
}
