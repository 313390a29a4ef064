import { hashMessage, size, verifyMessage, type Hex } from "viem";
import { chainGateway } from "../chains/configured-gateway.ts";
import type { ChainInfo } from "../chains/registry.ts";
import type { Config } from "../config.ts";

/**
 * Whether `address` signed `message` (EIP-191): an externally owned account's own 65-byte signature, or a smart
 * account's ERC-1271 signature for the message's hash (Safe off-chain: the owners' signatures, concatenated),
 * checked through the chain gateway. `0x` (a Safe signing on chain) is never a signature here. `verifyKey` checks
 * the EOA case (viem's `verifyMessage` in this thread unless the caller hands it elsewhere, e.g. to a worker).
 */
export async function signedBy(options: {
  chain: ChainInfo;
  address: Hex;
  message: string;
  signature: Hex;
  config: Config;
  verifyKey?: (signed: { address: Hex; message: string; signature: Hex }) => Promise<boolean>;
}): Promise<boolean> {
  const { chain, address, message, signature, config, verifyKey = verifyMessage } = options;
  if (size(signature) === 65) {
    const byKey = await verifyKey({ address, message, signature }).catch(() => false);
    if (byKey) return true;
  }
  if (size(signature) === 0 || size(signature) % 65 !== 0) return false;
  return chainGateway(config).isValidSignature(chain, address, hashMessage(message), signature);
}
