import { isAddress, verifyMessage, type Hex } from "viem";
import { z } from "zod";
import { resolveChain } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import type { Caller } from "../oauth/authenticate-bearer.ts";
import { profileForCaller } from "../profiles/profile-access.ts";

/** The fixed text an owner signs to link an address (CONTRACT §4.12); the published SDK leaves it out. */
export const LINK_MESSAGE = "I hereby declare that I am the address owner.";

const EOA_SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

export const linkAddressSchema = z.object({
  profile: z.string().uuid().optional(),
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be 0x followed by 40 hexadecimal characters"),
  chain: z.string().min(1),
  message: z.string().optional(),
  signature: z.string().regex(/^0x(?:[0-9a-fA-F]{2})*$/, "must be a hex string with the 0x prefix"),
});
export type LinkAddressRequest = z.infer<typeof linkAddressSchema>;

export type LinkedAddress = {
  profile: string;
  address: string;
  state: "linked";
  meta: { linkedBy: string | null; linkedAt: string };
};

/**
 * `POST /addresses` for an externally owned account: the owner's EIP-191 signature of the fixed message proves
 * control, and the address is linked to the profile on that chain. An address belongs to one profile; linking it
 * on another chain adds the chain. Linking what is already linked to the same profile answers with the first link.
 */
export async function linkAddress(options: {
  caller: Caller;
  request: LinkAddressRequest;
  config: Config;
  clock?: Clock;
}): Promise<LinkedAddress> {
  const { caller, request, config, clock = serverClock } = options;
  const chain = resolveChain(request.chain, config.environment);
  if (!chain) {
    throw new AppError("VALIDATION", "Unknown chain", { chain: `${request.chain} is not a chain of this environment` });
  }
  if (chain.family !== "evm") {
    throw new AppError("VALIDATION", "Addresses are linked on EVM chains", {
      chain: `${chain.name} is not an EVM chain`,
    });
  }
  const message = request.message ?? LINK_MESSAGE;
  if (message !== LINK_MESSAGE) {
    throw new AppError("VALIDATION", "Unexpected message", { message: `must be exactly "${LINK_MESSAGE}"` });
  }
  if (!isAddress(request.address, { strict: false })) {
    throw new AppError("VALIDATION", "Invalid address", { address: "not a valid address" });
  }
  if (!EOA_SIGNATURE.test(request.signature)) {
    throw new AppError("VALIDATION", "Smart-account signatures cannot be verified here yet", {
      signature: "must be a 65-byte signature of the message by the address",
    });
  }
  const profile = await profileForCaller(caller, request.profile, "write");
  const signed = await verifyMessage({
    address: request.address,
    message,
    signature: request.signature as Hex,
  }).catch(() => false);
  if (!signed) {
    throw new AppError("VALIDATION", "Signature verification failed", {
      signature: "is not a signature of the message by this address",
    });
  }

  const addressKey = request.address.toLowerCase();
  const prisma = await db();
  const row = await prisma.$transaction(async (tx) => {
    // One profile per address, whatever the chain: links of the same address wait for each other.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`address:${addressKey}`}))`;
    const links = await tx.address.findMany({ where: { addressKey } });
    if (links.some((l) => l.profileId !== profile.id)) {
      throw new AppError("VALIDATION", "Address is linked to another profile", {
        address: "is already linked to another profile",
      });
    }
    const existing = links.find((l) => l.chain === chain.name);
    if (existing) return existing;
    return tx.address.create({
      data: {
        profileId: profile.id,
        address: request.address,
        addressKey,
        chain: chain.name,
        linkedById: caller.userId,
        linkedAt: clock(),
      },
    });
  });
  return {
    profile: row.profileId,
    address: row.address,
    state: "linked",
    meta: { linkedBy: row.linkedById, linkedAt: row.linkedAt.toISOString() },
  };
}
