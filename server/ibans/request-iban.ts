import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { accessibleProfiles } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";
import { profileForCaller } from "../profiles/profile-access.ts";
import { requestedChain } from "./iban-access.ts";
import type { RequestIbanRequest } from "./iban.schemas.ts";

/**
 * `POST /ibans` (SPEC endpoint 16): an IBAN for a linked address on a chain, for the profile that address belongs
 * to (or the one named, which must own it). The profile must be approved and the caller allowed to change it. The
 * IBAN is only requested here; the provisioning job assigns its number (`provision-ibans.ts`). A profile has one
 * IBAN: asking again, for any address, changes nothing (`requested: false`, the spec's 304; move it instead).
 */
export async function requestIban(options: {
  caller: Caller;
  request: RequestIbanRequest;
  config: Config;
  clock?: Clock;
}): Promise<{ requested: boolean }> {
  const { caller, request, config, clock = serverClock } = options;
  const chain = requestedChain(request.chain, config.environment);
  const named = request.profile === undefined ? undefined : await profileForCaller(caller, request.profile, "write");
  const addressKey = request.address.toLowerCase();
  const prisma = await db();
  const link = await prisma.address.findUnique({
    where: { addressKey_chain: { addressKey, chain: chain.name } },
    select: { profileId: true },
  });
  // Linked to nobody, or to a profile the caller may not see: the same answer, so nothing is learned about it.
  const profile = link && (await accessibleProfiles(caller)).find((p) => p.id === link.profileId);
  if (!profile || (named && named.id !== profile.id)) {
    throw new AppError("VALIDATION", "Address is not linked", {
      address: named
        ? `is not linked to this profile on ${chain.name}`
        : `is not linked on ${chain.name} to a profile you may act on`,
    });
  }
  if (!profile.perms.includes("write")) throw new AppError("FORBIDDEN", "No write permission on this profile");
  if (profile.state !== "approved") {
    throw new AppError("FORBIDDEN", `The profile is ${profile.state}: IBANs are issued to approved profiles only`);
  }
  const { count } = await prisma.iban.createMany({
    data: [
      {
        profileId: profile.id,
        address: request.address,
        addressKey,
        chain: chain.name,
        emailNotifications: request.emailNotifications,
        requestedAt: clock(),
        requestedById: caller.userId,
      },
    ],
    // One IBAN per profile: a second request, even at the same moment, finds the first one's row.
    skipDuplicates: true,
  });
  return { requested: count === 1 };
}
