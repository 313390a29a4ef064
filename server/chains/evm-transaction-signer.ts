import {
  encodeFunctionData,
  keccak256,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
  type Hex,
  type LocalAccount,
} from "viem";
import { ISSUER_ABI } from "./evm-abis.ts";
import { hasCode, tokenOf, type EvmConnections } from "./evm-connection.ts";
import { failure } from "./evm-errors.ts";
import type { BroadcastAnswer, SignedTransaction, TokenAmount, TokenOperation, TransactionSigner } from "./gateway.ts";
import type { ChainInfo, Currency } from "./registry.ts";

/** What the issuer's queued transactions need of the gateway. */
type SignerParts = {
  connections: EvmConnections;
  account: LocalAccount;
  confirmations: number;
  pollingInterval: number;
  balanceOf: (chain: ChainInfo, currency: Currency, address: Hex) => Promise<TokenAmount>;
};

/**
 * Queued mints and burns (`chain-queue.ts`) on EVM chains: signed with nonces the queue's driver hands out, stored,
 * then broadcast; the same bytes are broadcast again after a takeover.
 */
export function evmTransactionSigner(d: SignerParts): TransactionSigner {
  return {
    kind: "signer",
    sender: d.account.address,
    nextNonce: async (chain) => {
      const c = await d.connections.get(chain);
      try {
        return await c.reader.getTransactionCount({ address: d.account.address, blockTag: "pending" });
      } catch (error) {
        throw failure(`nonce on ${chain.name}`, error, c.settings.rpcUrl);
      }
    },
    sign: (operation, nonce) => signOperation(d, operation, nonce),
    broadcast: async (chain, rawTx) => {
      const c = await d.connections.get(chain);
      try {
        await c.writer.sendRawTransaction({ serializedTransaction: rawTx });
        return "accepted";
      } catch (error) {
        const answer = knownBroadcast(error);
        if (answer) return answer;
        throw failure(`broadcast on ${chain.name}`, error, c.settings.rpcUrl);
      }
    },
    outcome: async (chain, txHash, waitMs) => {
      const c = await d.connections.get(chain);
      try {
        const receipt =
          waitMs <= 0
            ? await c.reader.getTransactionReceipt({ hash: txHash })
            : await c.reader.waitForTransactionReceipt({
                hash: txHash,
                confirmations: d.confirmations,
                pollingInterval: Math.min(d.pollingInterval, Math.max(waitMs, 50)),
                timeout: waitMs,
              });
        return receipt.status === "success" ? "success" : "reverted";
      } catch (error) {
        if (error instanceof WaitForTransactionReceiptTimeoutError) return "pending";
        if (error instanceof TransactionReceiptNotFoundError) return "pending";
        throw failure(`receipt of ${txHash} on ${chain.name}`, error, c.settings.rpcUrl);
      }
    },
  };
}

/** Simulates a queued mint or burn (a refusal is an error with the token's reason), then signs it with `nonce`. */
async function signOperation(d: SignerParts, operation: TokenOperation, nonce: number): Promise<SignedTransaction> {
  const { chain, currency, kind, address, units } = operation;
  if (units <= 0n) throw new Error(`${kind} ${currency} on ${chain.name}: units must be positive`);
  const c = await d.connections.get(chain);
  const token = tokenOf(chain, c, currency);
  const what = `${kind} ${units} units of ${currency} on ${chain.name}`;
  await hasCode(c, token.address, what);
  if (kind === "burn") {
    const held = await d.balanceOf(chain, currency, address);
    if (held.units < units) {
      throw new Error(`burn ${currency} on ${chain.name}: ${address} holds ${held.units} units, fewer than ${units}`);
    }
  }
  try {
    await c.reader.simulateContract({
      account: d.account,
      address: token.address,
      abi: ISSUER_ABI,
      functionName: kind,
      args: [address, units],
    });
    const data = encodeFunctionData({ abi: ISSUER_ABI, functionName: kind, args: [address, units] });
    const request = await c.writer.prepareTransactionRequest({
      account: d.account,
      chain: c.writer.chain,
      to: token.address,
      data,
      nonce,
    });
    const rawTx = await c.writer.signTransaction(request);
    return { nonce, rawTx, txHash: keccak256(rawTx) };
  } catch (error) {
    throw failure(what, error, c.settings.rpcUrl, token.address);
  }
}

/** A broadcast the node turned down because it has the transaction, or its nonce is spent: look its receipt up. */
function knownBroadcast(error: unknown): BroadcastAnswer | undefined {
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
  const text = messages.join(" ").toLowerCase();
  if (/already known|known transaction|already imported|already exists|alreadyknown/.test(text)) return "known";
  if (/nonce too low|nonce has already been used|nonce is too low|oldnonce/.test(text)) return "nonce-used";
  return undefined;
}
