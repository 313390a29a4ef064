import type { Hex } from "viem";
import type { Prisma } from "../generated/prisma/client.ts";
import type { ChainInfo, Currency } from "./registry.ts";

/** An amount of a token in its smallest unit, with the token's decimals (18 on EVM chains, 6 on Cosmos). */
export type TokenAmount = { units: bigint; decimals: number };

/**
 * Everything Tokenrail needs from a blockchain, behind one interface: the embedded default and the sandbox use a
 * simulated chain kept in the database (`sandbox-gateway.ts`); real EVM chains are reached over JSON-RPC with viem
 * (`evm-gateway.ts`). Addresses are 0x-prefixed hex; hashes and signatures are hex.
 */
export interface ChainGateway {
  /** How the transaction queue (`chain-queue.ts`) signs, sends and settles mints and burns on this gateway. */
  readonly transactions: TransactionSigner | SimulatedChain;
  /** The token balance of `address` for `currency` on `chain`. */
  balanceOf(chain: ChainInfo, currency: Currency, address: Hex): Promise<TokenAmount>;
  /** The token's `totalSupply` on `chain`: what the supply watch compares with the ledger (C69). */
  totalSupply(chain: ChainInfo, currency: Currency): Promise<TokenAmount>;
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
  /**
   * The token's `Transfer` events (mints and burns among them) from `position` on, over a bounded range and final
   * ones only, oldest first; `next` is where the following read starts (`position` itself when nothing new is final).
   * A position is a block number on an EVM chain, a sequence number on the sandbox chain.
   */
  transfers(chain: ChainInfo, currency: Currency, position: bigint): Promise<TransferPage>;
}

/** One `Transfer(from, to, value)` event, identified by its transaction and its index among the block's logs. */
export type TokenTransfer = { txHash: Hex; logIndex: number; from: Hex; to: Hex; units: bigint; position: bigint };

export type TransferPage = { transfers: TokenTransfer[]; next: bigint };

/** A mint or burn of `units` of `currency` to or from `address`, as the transaction queue holds it. */
export type TokenOperation = {
  chain: ChainInfo;
  currency: Currency;
  kind: "mint" | "burn";
  address: Hex;
  units: bigint;
};

/** A transaction signed for broadcast: what the queue stores before anything leaves the process. */
export type SignedTransaction = { nonce: number; rawTx: Hex; txHash: Hex };

/** How a node answered a broadcast: took it, knew it already, or had already used its nonce (for it or another). */
export type BroadcastAnswer = "accepted" | "known" | "nonce-used";

/**
 * How queued mints and burns reach a real chain: one sender account whose nonces the queue hands out, transactions
 * signed here and stored before they are broadcast (so the same bytes, and hash, can be sent again after a takeover).
 */
export interface TransactionSigner {
  readonly kind: "signer";
  /** The account that signs, whose nonces are handed out by one driver at a time. */
  readonly sender: Hex;
  /** The sender's next nonce on `chain`, counting transactions the node holds but has not mined. */
  nextNonce(chain: ChainInfo): Promise<number>;
  /** Simulates the operation (an error when the chain would refuse it), then signs it with `nonce`. */
  sign(operation: TokenOperation, nonce: number): Promise<SignedTransaction>;
  broadcast(chain: ChainInfo, rawTx: Hex): Promise<BroadcastAnswer>;
  /** The transaction's outcome once final, waiting at most `waitMs`; `pending` when it is not final by then. */
  outcome(chain: ChainInfo, txHash: Hex, waitMs: number): Promise<"success" | "reverted" | "pending">;
}

/**
 * A chain kept in the database: an operation is applied inside the database transaction `tx` that also settles its
 * order, so it happens entirely or not at all. Throws when the chain refuses (a burn above the balance).
 */
export interface SimulatedChain {
  readonly kind: "simulated";
  readonly sender: string;
  apply(tx: Prisma.TransactionClient, operation: TokenOperation): Promise<Hex>;
  /** Several mints at once, as `apply` would make them one after the other; their hashes in the same order. */
  applyMints(tx: Prisma.TransactionClient, operations: readonly TokenOperation[]): Promise<Hex[]>;
}
