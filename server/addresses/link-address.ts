import { isAddress, type Hex } from "viem";
import { z } from "zod";
import { chainGateway } from "../chains/configured-gateway.ts";
import { resolveChain, type ChainInfo } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Caller } from "../oauth/caller.ts";
import { profileForCaller } from "../profiles/profile-access.ts";
import { sealPendingMessage } from "../signatures/pending-message.ts";
import { signedBy } from "../signatures/verify-signature.ts";
import { recordLink, type LinkedAddress } from "./record-link.ts";
import { refuseListedAddress } from "./screen-link.ts";
import { MAX_ID, MAX_SIGNATURE, MAX_SIGNED_MESSAGE, quote, tooLong } from "../limits.ts";
import { evmAddressSchema } from "./address.schemas.ts";

/** The fixed text an owner signs to link an address (CONTRACT §4.12); the published SDK leaves it out. */
export const LINK_MESSAGE = "I hereby declare that I am the address owner.";

/** How long an on-chain (`0x`) signature is waited for (CONTRACT §4.12: verified for up to 5 days). */
export const ON_CHAIN_WAIT_SECONDS = 5 * 24 * 3600;

export const linkAddressSchema = z.object({
  profile: z.string().max(MAX_ID, tooLong(MAX_ID)).uuid().optional(),
  address: evmAddressSchema(),
  chain: z.string().min(1).max(MAX_ID, tooLong(MAX_ID)),
  message: z.string().max(MAX_SIGNED_MESSAGE, tooLong(MAX_SIGNED_MESSAGE)).optional(),
  signature: z
    .string()
    .max(MAX_SIGNATURE, { error: tooLong(MAX_SIGNATURE), abort: true })
    .regex(/^0x(?:[0-9a-fA-F]{2})*$/, "must be a hex string with the 0x prefix"),
});
export type LinkAddressRequest = z.infer<typeof linkAddressSchema>;

export type LinkOutcome = { kind: "linked"; link: LinkedAddress } | { kind: "pending" };

/**
 * `POST /addresses` (SPEC endpoint 12). The signature proves control of the address in one of three ways:
 * - an externally owned account's EIP-191 signature of the fixed message (65 bytes) → linked at once;
 * - a smart account's ERC-1271 signature (Safe off-chain: owners' signatures, concatenated) → linked at once;
 * - `0x`: a Safe signs the message on chain → accepted (202); a pending `linkAddress` signature waits for the
 *   account's `SignMsg` event, and the link completes when the chain reports it.
 * An address belongs to one profile; linking it on another chain adds the chain; repeating a link answers with it.
 * An address a sanctions list names is refused (403, saying only that it cannot be linked) and opens a case (C64):
 * once its owner proved control of it, or when an on-chain signature is asked for it (and again when it arrives).
 */
export async function linkAddress(options: {
  caller: Caller;
  request: LinkAddressRequest;
  config: Config;
  clock?: Clock;
}): Promise<LinkOutcome> {
  const { caller, request, config, clock = serverClock } = options;
  const chain = linkableChain(request.chain, config);
  const message = request.message ?? LINK_MESSAGE;
  if (message !== LINK_MESSAGE) {
    throw new AppError("VALIDATION", "Unexpected message", { message: `must be exactly "${LINK_MESSAGE}"` });
  }
  if (!isAddress(request.address, { strict: false })) {
    throw new AppError("VALIDATION", "Invalid address", { address: "not a valid address" });
  }
  const profile = await profileForCaller(caller, request.profile, "write");
  const address = request.address;
  const signature = request.signature as Hex;
  const gateway = chainGateway(config);

  if (signature === "0x") {
    await refuseListedAddress({ profileId: profile.id, address, now: clock() });
    const msgHash = await gateway.safeMessageHash(chain, address, message);
    await awaitOnChainSignature({ caller, profileId: profile.id, chain, address, message, msgHash, now: clock() });
    return { kind: "pending" };
  }
  if (!(await signedBy({ chain, address, message, signature, config }))) {
    throw new AppError("VALIDATION", "Signature verification failed", {
      signature: "is not a signature of the message by this address",
    });
  }
  await refuseListedAddress({ profileId: profile.id, address, now: clock() });
  const prisma = await db();
  const link = await prisma.$transaction((tx) =>
    recordLink(tx, { profileId: profile.id, address, chain: chain.name, linkedById: caller.userId, now: clock() }),
  );
  return { kind: "linked", link };
}

function linkableChain(name: string, config: Config): ChainInfo {
  const chain = resolveChain(name, config.environment);
  if (!chain) {
    throw new AppError("VALIDATION", "Unknown chain", { chain: `${quote(name)} is not a chain of this environment` });
  }
  if (chain.family !== "evm") {
    throw new AppError("VALIDATION", "Addresses are linked on EVM chains", {
      chain: `${chain.name} is not an EVM chain`,
    });
  }
  return chain;
}

async function awaitOnChainSignature(options: {
  caller: Caller;
  profileId: string;
  chain: ChainInfo;
  address: Hex;
  message: string;
  msgHash: Hex;
  now: Date;
}): Promise<void> {
  const { caller, profileId, chain, address, message, msgHash, now } = options;
  const addressKey = address.toLowerCase();
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`address:${addressKey}`}))`;
    const linkedElsewhere = await tx.address.findFirst({ where: { addressKey, profileId: { not: profileId } } });
    if (linkedElsewhere) {
      throw new AppError("VALIDATION", "Address is linked to another profile", {
        address: "is already linked to another profile",
      });
    }
    const waiting = await tx.pendingSignature.findFirst({
      where: {
        kind: "linkAddress",
        profileId,
        chain: chain.name,
        addressKey,
        completedAt: null,
        expiresAt: { gt: now },
      },
    });
    if (waiting) return;
    await tx.pendingSignature.create({
      data: {
        kind: "linkAddress",
        profileId,
        chain: chain.name,
        address,
        addressKey,
        message: sealPendingMessage(message),
        msgHash,
        requestedById: caller.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ON_CHAIN_WAIT_SECONDS * 1000),
      },
    });
  });
}
