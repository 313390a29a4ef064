import { nonceManager, type Hex, type LocalAccount } from "viem";
import type { Config } from "../config.ts";
import { ERC1271_ABI, ERC1271_MAGIC_VALUE, ERC20_ABI, ISSUER_ABI, SIGN_MSG_EVENT, TRANSFER_EVENT } from "./evm-abis.ts";
import { EvmConnections, evmChainId, hasCode, tokenOf, type EvmChainSettings } from "./evm-connection.ts";
import { contractRefused, failure } from "./evm-errors.ts";
import { evmTransactionSigner } from "./evm-transaction-signer.ts";
import type { ChainGateway, TokenAmount, TransactionSigner, TransferPage } from "./gateway.ts";
import type { ChainInfo, Currency } from "./registry.ts";
import { safeMessageHash } from "./safe-message-hash.ts";
import { signerAccount, type IssuerSigner } from "./signers/issuer-signer.ts";
import { localSigner } from "./signers/local-signer.ts";
import { issuerSigner } from "./signers/open-issuer-signer.ts";

/** Who signs as the account the tokens let mint and burn: a signer (an HSM's, say), or a private key held here. */
type IssuerSettings = { signer: IssuerSigner; issuerKey?: never } | { issuerKey: Hex; signer?: never };

export type EvmGatewaySettings = IssuerSettings & {
  /** By chain name (`sepolia`, `gnosis`, …). Chains not named are refused. */
  chains: Record<string, EvmChainSettings>;
  /** Blocks a mint or burn waits for before it resolves (default 1: included in a block). */
  confirmations?: number;
  /** Most blocks asked for in one eth_getLogs request (default 10,000; providers cap the range). */
  logBlockRange?: bigint;
  /** How often to poll for receipts and blocks (default 1 s). */
  pollingIntervalMs?: number;
  /** How long a mint or burn waits for its receipt before giving up (default 3 minutes). */
  receiptTimeoutMs?: number;
};

/**
 * The chain gateway for EVM chains, over JSON-RPC with viem. Mints and burns are sent by the issuer account (nonces
 * are handed out and submitted in order within this process; two processes sharing one issuer key may collide) after a simulation,
 * so a refusal by the token arrives as an error with the token's reason instead of a mined, reverted transaction.
 * Every failure is a plain Error: to callers this is infrastructure.
 */
export class EvmChainGateway implements ChainGateway {
  private readonly account: LocalAccount;
  private readonly connections: EvmConnections;
  private readonly confirmations: number;
  private readonly logBlockRange: bigint;
  private readonly pollingInterval: number;
  private readonly receiptTimeout: number;
  /** The issuer's sends, one after the other (see `inTurn`). */
  private sending: Promise<unknown> = Promise.resolve();

  constructor(private readonly settings: EvmGatewaySettings) {
    const signer = settings.signer ?? localSigner(settings.issuerKey);
    this.account = signerAccount(signer, nonceManager);
    this.confirmations = settings.confirmations ?? 1;
    this.logBlockRange = settings.logBlockRange ?? 10_000n;
    this.pollingInterval = settings.pollingIntervalMs ?? 1_000;
    this.receiptTimeout = settings.receiptTimeoutMs ?? 180_000;
    this.connections = new EvmConnections(settings.chains, this.account, this.pollingInterval);
    this.transactions = evmTransactionSigner({
      connections: this.connections,
      account: this.account,
      confirmations: this.confirmations,
      pollingInterval: this.pollingInterval,
      balanceOf: (chain, currency, address) => this.balanceOf(chain, currency, address),
    });
    if (this.logBlockRange < 1n) throw new Error("logBlockRange must be at least 1");
  }

  /**
   * Runs `send` after every earlier send of the issuer has reached the node: the nonce manager hands out nonces in
   * order, but concurrent requests may arrive out of order, and a node that mines each transaction at once refuses
   * a nonce ahead of the next one ("nonce too high"). Only the submission waits its turn, not the receipt.
   */
  private inTurn<T>(send: () => Promise<T>): Promise<T> {
    const turn = this.sending.then(send, send);
    this.sending = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Queued mints and burns (`chain-queue.ts`): signed with nonces the queue's driver hands out, stored, then
   * broadcast; the same bytes are broadcast again after a takeover.
   */
  readonly transactions: TransactionSigner;

  /** The issuer's address: the account the token contracts must let mint and burn. */
  get issuer(): Hex {
    return this.account.address;
  }

  async balanceOf(chain: ChainInfo, currency: Currency, address: Hex): Promise<TokenAmount> {
    const c = await this.connections.get(chain);
    const token = tokenOf(chain, c, currency);
    try {
      const units = await c.reader.readContract({
        address: token.address,
        abi: ERC20_ABI,
        functionName: "balanceOf",
        args: [address],
      });
      return { units, decimals: token.decimals };
    } catch (error) {
      throw failure(`balanceOf ${currency} on ${chain.name}`, error, c.settings.rpcUrl, token.address);
    }
  }

  async totalSupply(chain: ChainInfo, currency: Currency): Promise<TokenAmount> {
    const c = await this.connections.get(chain);
    const token = tokenOf(chain, c, currency);
    try {
      const units = await c.reader.readContract({
        address: token.address,
        abi: ERC20_ABI,
        functionName: "totalSupply",
      });
      return { units, decimals: token.decimals };
    } catch (error) {
      throw failure(`totalSupply ${currency} on ${chain.name}`, error, c.settings.rpcUrl, token.address);
    }
  }

  async mint(chain: ChainInfo, currency: Currency, to: Hex, units: bigint): Promise<{ txHash: Hex }> {
    return this.issue(chain, currency, "mint", to, units);
  }

  async burn(chain: ChainInfo, currency: Currency, from: Hex, units: bigint): Promise<{ txHash: Hex }> {
    const held = await this.balanceOf(chain, currency, from);
    if (held.units < units) {
      throw new Error(`burn ${currency} on ${chain.name}: ${from} holds ${held.units} units, fewer than ${units}`);
    }
    return this.issue(chain, currency, "burn", from, units);
  }

  async isValidSignature(chain: ChainInfo, account: Hex, hash: Hex, signature: Hex): Promise<boolean> {
    const c = await this.connections.get(chain);
    try {
      const answer = await c.reader.readContract({
        address: account,
        abi: ERC1271_ABI,
        functionName: "isValidSignature",
        args: [hash, signature],
      });
      return answer.toLowerCase() === ERC1271_MAGIC_VALUE;
    } catch (error) {
      // The account said no (reverted, has no code, answered nonsense): not valid. An unreachable node is not a no.
      if (contractRefused(error)) return false;
      throw failure(`isValidSignature on ${chain.name}`, error, c.settings.rpcUrl);
    }
  }

  /**
   * Computed here rather than asked of the Safe (`getMessageHash` on its fallback handler): the result is the same
   * for every Safe from v1.3.0, needs no round trip, and works for a Safe whose fallback handler is not
   * CompatibilityFallbackHandler or that is not deployed yet. See `safe-message-hash.ts`.
   */
  safeMessageHash(chain: ChainInfo, account: Hex, message: string): Promise<Hex> {
    return Promise.resolve().then(() => safeMessageHash(evmChainId(chain), account, message));
  }

  /** Searches SignMsg events from the chain's start block to the latest, newest range first (recent is likelier). */
  async hasSignedMessage(chain: ChainInfo, account: Hex, msgHash: Hex): Promise<boolean> {
    const c = await this.connections.get(chain);
    const start = c.settings.startBlock ?? 0n;
    try {
      let to = await c.reader.getBlockNumber({ cacheTime: 0 });
      while (to >= start) {
        const from = to - this.logBlockRange + 1n > start ? to - this.logBlockRange + 1n : start;
        const logs = await c.reader.getLogs({
          address: account,
          event: SIGN_MSG_EVENT,
          args: { msgHash },
          fromBlock: from,
          toBlock: to,
        });
        if (logs.length > 0) return true;
        to = from - 1n;
      }
      return false;
    } catch (error) {
      throw failure(`SignMsg search on ${chain.name}`, error, c.settings.rpcUrl);
    }
  }

  /**
   * The token's `Transfer` logs from block `position` (at least the chain's start block) over at most
   * `logBlockRange` blocks, up to the newest block with the configured confirmations: one `eth_getLogs`.
   */
  async transfers(chain: ChainInfo, currency: Currency, position: bigint): Promise<TransferPage> {
    const c = await this.connections.get(chain);
    const token = tokenOf(chain, c, currency);
    const startBlock = c.settings.startBlock ?? 0n;
    const from = position > startBlock ? position : startBlock;
    try {
      const head = await c.reader.getBlockNumber({ cacheTime: 0 });
      const final = head - BigInt(this.confirmations) + 1n;
      if (final < from) return { transfers: [], next: from };
      const to = from + this.logBlockRange - 1n < final ? from + this.logBlockRange - 1n : final;
      const logs = await c.reader.getLogs({
        address: token.address,
        event: TRANSFER_EVENT,
        fromBlock: from,
        toBlock: to,
      });
      const transfers = logs.flatMap((log) =>
        log.args.from && log.args.to && log.args.value !== undefined && log.transactionHash && log.logIndex !== null
          ? [
              {
                txHash: log.transactionHash,
                logIndex: log.logIndex,
                from: log.args.from,
                to: log.args.to,
                units: log.args.value,
                position: log.blockNumber ?? to,
              },
            ]
          : [],
      );
      return { transfers, next: to + 1n };
    } catch (error) {
      throw failure(`Transfer events of ${currency} on ${chain.name}`, error, c.settings.rpcUrl, token.address);
    }
  }

  private async issue(
    chain: ChainInfo,
    currency: Currency,
    functionName: "mint" | "burn",
    holder: Hex,
    units: bigint,
  ): Promise<{ txHash: Hex }> {
    if (units <= 0n) throw new Error(`${functionName} ${currency} on ${chain.name}: units must be positive`);
    const c = await this.connections.get(chain);
    const token = tokenOf(chain, c, currency);
    const what = `${functionName} ${units} units of ${currency} on ${chain.name}`;
    await hasCode(c, token.address, what);
    let txHash: Hex;
    try {
      txHash = await this.inTurn(async () => {
        const { request } = await c.reader.simulateContract({
          account: this.account,
          address: token.address,
          abi: ISSUER_ABI,
          functionName,
          args: [holder, units],
        });
        return c.writer.writeContract(request);
      });
    } catch (error) {
      throw failure(what, error, c.settings.rpcUrl, token.address);
    }
    try {
      const receipt = await c.reader.waitForTransactionReceipt({
        hash: txHash,
        confirmations: this.confirmations,
        pollingInterval: this.pollingInterval,
        timeout: this.receiptTimeout,
      });
      if (receipt.status !== "success") throw new Error("reverted");
    } catch (error) {
      // The transaction was sent: whoever reconciles needs its hash.
      throw failure(`${what}, transaction ${txHash}`, error, c.settings.rpcUrl);
    }
    return { txHash };
  }
}

/** The gateway the configuration describes (`TOKENRAIL_CHAIN_GATEWAY=evm` and `TOKENRAIL_EVM_*`). */
export function evmGatewayFromConfig(config: Pick<Config, "chainGateway">): EvmChainGateway {
  const gateway = config.chainGateway;
  if (gateway.kind !== "evm") throw new Error("TOKENRAIL_CHAIN_GATEWAY is not evm");
  return new EvmChainGateway({
    signer: issuerSigner(gateway.signer),
    confirmations: gateway.confirmations,
    logBlockRange: BigInt(gateway.logBlockRange),
    chains: Object.fromEntries(
      Object.entries(gateway.chains).map(([name, chain]) => [
        name,
        { rpcUrl: chain.rpcUrl, tokens: chain.tokens, startBlock: BigInt(chain.startBlock) },
      ]),
    ),
  });
}
