import { hashMessage, hashTypedData, type Hex } from "viem";

/**
 * The hash a Safe (v1.3.0 and later) signs for a text message, and what its `SignMsg` event carries: the EIP-712
 * `SafeMessage(bytes message)` hash under the domain `{chainId, verifyingContract: safe}`, where `message` is the
 * text's EIP-191 hash. It equals `CompatibilityFallbackHandler.getMessageHash(abi.encode(hashMessage(text)))` called
 * on the Safe. Safes before v1.3.0 used a domain without `chainId` and get a different hash.
 */
export function safeMessageHash(chainId: number, safe: Hex, message: string): Hex {
  return hashTypedData({
    domain: { chainId, verifyingContract: safe },
    types: { SafeMessage: [{ name: "message", type: "bytes" }] },
    primaryType: "SafeMessage",
    message: { message: hashMessage(message) },
  });
}
