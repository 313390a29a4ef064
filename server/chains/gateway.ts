import type { Hex } from "viem";
import type { ChainInfo, Currency } from "./registry.ts";

/** An amount of a token in its smallest unit, with the token's decimals (18 on EVM chains, 6 on Cosmos). */
export type TokenAmount = { units: bigint; decimals: number };

/**
 * Everything Tokenrail needs from a blockchain, behind one interface: the embedded default and the sandbox use a
 * simulated chain kept in the database (`sandbox-gateway.ts`); real EVM chains are reached over JSON-RPC with viem
 * (`evm-gateway.ts`). Addresses are 0x-prefixed hex; hashes and signatures are hex.
 */
export interface ChainGateway {
  /** The token balance of `address` for `currency` on `chain`. */
  balanceOf(chain: ChainInfo, currency: Currency, address: Hex): Promise<TokenAmount>;
  /** Mints `units` of the token to `to`; resolves with the transaction hash once it is final. */
  mint(chain: ChainInfo, currency: Currency, to: Hex, units: bigint): Promise<{ txHash: Hex }>;
  /** Burns `units` of the token held by `from` (the issuer's allowance); resolves with the transaction hash. */
  burn(chain: ChainInfo, currency: Currency, from: Hex, units: bigint): Promise<{ txHash: Hex }>;
  /** ERC-1271: whether the smart account `account` accepts `signature` over `hash`. */
  isValidSignature(chain: ChainInfo, account: Hex, hash: Hex, signature: Hex): Promise<boolean>;
  /** The hash a Safe signs for `message` (its SafeMessage hash): what its `SignMsg(bytes32 indexed msgHash)` carries. */
  safeMessageHash(chain: ChainInfo, account: Hex, message: string): Promise<Hex>;
  /** Whether `account` has emitted `SignMsg(msgHash)`: the message was signed on chain. */
  hasSignedMessage(chain: ChainInfo, account: Hex, msgHash: Hex): Promise<boolean>;
}
