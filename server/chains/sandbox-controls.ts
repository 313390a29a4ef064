import type { Hex } from "viem";
import { z } from "zod";
import { completePendingLinks } from "../addresses/complete-pending-links.ts";
import { completeOrderSignatures } from "../orders/complete-order-signatures.ts";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import { accessibleProfiles } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";
import { evmAddressSchema } from "../addresses/address.schemas.ts";
import { sandboxChain } from "./configured-gateway.ts";
import { resolveChain, type ChainInfo } from "./registry.ts";
import { randomSaltNonce, sandboxSafeAddress } from "./sandbox-safe-address.ts";
import type { SandboxChainGateway } from "./sandbox-gateway.ts";
import { MAX_SIGNED_MESSAGE, quote, tooLong } from "../limits.ts";
import type { SignedMessageView, SmartAccountView } from "../sandbox/smart-account.responses.ts";

const address = evmAddressSchema();

export const smartAccountSchema = z
  .object({
    /** Left out, the sandbox derives a fresh address from the owners, the threshold and a random salt nonce. */
    address: address.optional(),
    owners: z.array(address).min(1, "A smart account needs at least one owner").max(20),
    threshold: z.number().int().min(1, "At least one signature"),
  })
  .refine((a) => a.threshold <= a.owners.length, {
    path: ["threshold"],
    message: "cannot exceed the number of owners",
  });

/** What the account signs: a text message (hashed as a Safe does), or the Safe message hash itself. */
export const signedMessageSchema = z
  .object({
    message: z.string().min(1).max(MAX_SIGNED_MESSAGE, tooLong(MAX_SIGNED_MESSAGE)).optional(),
    msgHash: z
      .string()
      .max(66, { error: tooLong(66), abort: true })
      .regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x followed by 64 hexadecimal characters")
      .optional(),
  })
  .refine((body) => (body.message === undefined) !== (body.msgHash === undefined), {
    path: ["message"],
    message: "send either message or msgHash",
  });

/**
 * Who drives the sandbox chain: an application through the API, which reaches only its own smart accounts and the
 * profiles it may act on (C38), or the operator's simulator, which may act on anything.
 */
export type SimulatorDriver = { application: Caller } | { operator: true };

/**
 * The sandbox chain's controls, for integrators' tests and the operator: deploy a Safe-like smart account with
 * owners and a threshold, and let it sign a message on chain (emitting `SignMsg`). Absent (404) on real chains.
 * An account belongs to the application that deployed it: it alone may change its owners. As on a real chain, an
 * account is deployed only at an address its deployer derives (leave `address` out) or one no one uses yet (C38):
 * one that holds another application's account, or that a profile, a link, an order, an IBAN or a token balance
 * already names, is 409 (whose it is stays unsaid).
 */
export async function deploySmartAccount(options: {
  chain: string;
  account: z.infer<typeof smartAccountSchema>;
  caller: Caller;
  config: Config;
  saltNonce?: () => bigint;
}): Promise<SmartAccountView> {
  const { gateway, chain } = sandboxOf(options.chain, options.config);
  const { owners, threshold } = options.account;
  const at =
    options.account.address ?? sandboxSafeAddress(owners as Hex[], threshold, (options.saltNonce ?? randomSaltNonce)());
  const outcome = await gateway.registerSmartAccount(
    chain,
    at as Hex,
    owners as Hex[],
    threshold,
    options.caller.applicationId,
  );
  if (outcome === "taken") {
    throw new AppError("CONFLICT", "Another smart account is deployed at this address; choose a fresh address");
  }
  if (outcome === "in use") {
    throw new AppError(
      "CONFLICT",
      "This address is already in use; deploy at a fresh address, or leave address out to have one derived",
    );
  }
  return { chain: chain.name, address: at, owners, threshold };
}

/**
 * The account signs on chain, then the address links and Safe orders waiting for that signature complete at once.
 * An application makes only its own accounts sign (another's, or none: 404), and completes only what waits for
 * profiles it may act on; the periodic job completes the rest as it would on a real chain.
 */
export async function signOnChain(options: {
  chain: string;
  address: string;
  /** The text signed, or the Safe message hash (`msgHash`) when that is what the caller has. */
  message?: string;
  msgHash?: string;
  by: SimulatorDriver;
  config: Config;
}): Promise<SignedMessageView> {
  const { gateway, chain } = sandboxOf(options.chain, options.config);
  if (!/^0x[0-9a-fA-F]{40}$/.test(options.address)) throw new AppError("NOT_FOUND", "No such smart account");
  const account = options.address as Hex;
  const only = { chain: chain.name, addressKey: options.address.toLowerCase() };
  let profileIds: string[] | undefined;
  if ("application" in options.by) {
    const caller = options.by.application;
    const owner = await gateway.smartAccountOwner(chain, account);
    if (owner?.applicationId !== caller.applicationId) throw new AppError("NOT_FOUND", "No such smart account");
    profileIds = (await accessibleProfiles(caller)).filter((p) => p.perms.includes("write")).map((p) => p.id);
  }
  const msgHash =
    options.msgHash !== undefined
      ? await gateway.emitSignMsgHash(chain, account, options.msgHash as Hex)
      : await gateway.emitSignMsg(chain, account, options.message ?? "");
  const scope = { ...only, profileIds };
  const linksCompleted = await completePendingLinks({ config: options.config, only: scope });
  const { signed: ordersSigned } = await completeOrderSignatures({ config: options.config, only: scope });
  return { chain: chain.name, address: options.address, msgHash, linksCompleted, ordersSigned };
}

function sandboxOf(name: string, config: Config): { gateway: SandboxChainGateway; chain: ChainInfo } {
  const gateway = sandboxChain(config);
  if (!gateway) throw new AppError("NOT_FOUND", "This instance runs on real chains; there is no sandbox chain");
  const chain = resolveChain(name, config.environment);
  if (!chain || chain.family !== "evm") throw new AppError("NOT_FOUND", `No sandbox EVM chain named ${quote(name)}`);
  return { gateway, chain };
}
