import { randomBytes } from "node:crypto";
import { hashMessage, hashTypedData, recoverAddress, size, slice, type Hex } from "viem";
import { db, type DbOrTx } from "../db/client.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { addressInUse } from "./address-in-use.ts";
import type { ChainGateway, SimulatedChain, TokenAmount, TokenOperation, TransferPage } from "./gateway.ts";
import { tokenContract, type ChainInfo, type Currency } from "./registry.ts";

/**
 * What deploying a smart account did: deployed it, changed the owners of the caller's own, or nothing because another
 * application's account is there (`taken`) or the address is someone's already (`in use`).
 */
export type SmartAccountRegistration = "deployed" | "changed" | "taken" | "in use";

/**
 * The sandbox chain: token balances, smart accounts and their `SignMsg` events kept in the database, with the same
 * rules a real chain would apply (a burn cannot exceed the balance; an ERC-1271 check recovers each owner's ECDSA
 * signature over the Safe's message hash and counts distinct owners against the threshold). Tests and the operator
 * drive it through the sandbox API (`registerSmartAccount`, `emitSignMsg`).
 */
export class SandboxChainGateway implements ChainGateway {
  /** Queued mints and burns: applied in the database transaction that settles their order. */
  readonly transactions: SimulatedChain = {
    kind: "simulated",
    sender: "sandbox",
    apply: async (tx, operation) => {
      const apply = operation.kind === "mint" ? mintIn : burnIn;
      await apply(tx, operation.chain, operation.currency, operation.address, operation.units);
      return simulatedTxHash();
    },
    applyMints: async (tx, operations) => {
      await mintAllIn(tx, operations);
      return operations.map(() => simulatedTxHash());
    },
  };

  async balanceOf(chain: ChainInfo, currency: Currency, address: Hex): Promise<TokenAmount> {
    const prisma = await db();
    const row = await prisma.simulatedTokenBalance.findUnique({
      where: { chain_currency_addressKey: { chain: chain.name, currency, addressKey: address.toLowerCase() } },
    });
    return { units: row ? BigInt(row.units.toFixed(0)) : 0n, decimals: tokenContract(chain, currency).decimals };
  }

  async totalSupply(chain: ChainInfo, currency: Currency): Promise<TokenAmount> {
    const prisma = await db();
    const sum = await prisma.simulatedTokenBalance.aggregate({
      where: { chain: chain.name, currency },
      _sum: { units: true },
    });
    return { units: BigInt(sum._sum.units?.toFixed(0) ?? "0"), decimals: tokenContract(chain, currency).decimals };
  }

  async mint(chain: ChainInfo, currency: Currency, to: Hex, units: bigint): Promise<{ txHash: Hex }> {
    await mintIn(await db(), chain, currency, to, units);
    return { txHash: simulatedTxHash() };
  }

  async burn(chain: ChainInfo, currency: Currency, from: Hex, units: bigint): Promise<{ txHash: Hex }> {
    await burnIn(await db(), chain, currency, from, units);
    return { txHash: simulatedTxHash() };
  }

  async isValidSignature(chain: ChainInfo, account: Hex, hash: Hex, signature: Hex): Promise<boolean> {
    const prisma = await db();
    const smart = await prisma.simulatedSmartAccount.findUnique({
      where: { chain_addressKey: { chain: chain.name, addressKey: account.toLowerCase() } },
    });
    // No code at the address (an EOA, or nothing): ERC-1271 calls revert, which is "not valid".
    if (!smart || signature === "0x" || size(signature) % 65 !== 0) return false;
    const messageHash = safeMessageHash(chain, account, hash);
    const signers = new Set<string>();
    for (let offset = 0; offset < size(signature); offset += 65) {
      const recovered = await recoverAddress({ hash: messageHash, signature: slice(signature, offset, offset + 65) })
        .then((a) => a.toLowerCase())
        .catch(() => undefined);
      if (!recovered || !smart.owners.includes(recovered)) return false;
      signers.add(recovered);
    }
    return signers.size >= smart.threshold;
  }

  safeMessageHash(chain: ChainInfo, account: Hex, message: string): Promise<Hex> {
    return Promise.resolve(safeMessageHash(chain, account, hashMessage(message)));
  }

  async hasSignedMessage(chain: ChainInfo, account: Hex, msgHash: Hex): Promise<boolean> {
    const prisma = await db();
    const row = await prisma.simulatedSignedMessage.findUnique({
      where: { chain_addressKey_msgHash: { chain: chain.name, addressKey: account.toLowerCase(), msgHash } },
    });
    return row !== null;
  }

  /** Plain transfers made on the sandbox chain (`transfer`), from sequence number `position` on. */
  async transfers(chain: ChainInfo, currency: Currency, position: bigint): Promise<TransferPage> {
    const prisma = await db();
    const rows = await prisma.simulatedTransfer.findMany({
      where: { chain: chain.name, currency, seq: { gte: position } },
      orderBy: { seq: "asc" },
      take: TRANSFER_PAGE,
    });
    const last = rows[rows.length - 1];
    return {
      transfers: rows.map((row) => ({
        txHash: row.txHash as Hex,
        logIndex: 0,
        from: row.fromKey as Hex,
        to: row.toKey as Hex,
        units: BigInt(row.units.toFixed(0)),
        position: row.seq,
      })),
      next: last ? last.seq + 1n : position,
    };
  }

  /**
   * A holder's plain ERC-20 `transfer`: `units` move from `from` to `to` and the transfer is recorded as its event.
   * Undefined, and nothing moved, when `from` holds fewer. Transfers commit in the order of their sequence numbers (one at a time per
   * database), so a reader that has seen number n never later finds a smaller one appear.
   */
  async transfer(chain: ChainInfo, currency: Currency, from: Hex, to: Hex, units: bigint): Promise<Hex | undefined> {
    if (units <= 0n) throw new Error("transfer amount must be positive");
    const prisma = await db();
    const txHash = simulatedTxHash();
    const amount = new Prisma.Decimal(units.toString());
    return prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('tokenrail simulated transfers'))`;
      const { count } = await tx.simulatedTokenBalance.updateMany({
        where: { chain: chain.name, currency, addressKey: from.toLowerCase(), units: { gte: amount } },
        data: { units: { decrement: amount } },
      });
      if (count !== 1) return undefined;
      await mintIn(tx, chain, currency, to, units);
      await tx.simulatedTransfer.create({
        data: {
          chain: chain.name,
          currency,
          fromKey: from.toLowerCase(),
          toKey: to.toLowerCase(),
          units: amount,
          txHash,
          createdAt: new Date(),
        },
      });
      return txHash;
    });
  }

  /**
   * Deploys a Safe-like account on the sandbox chain for `applicationId`, or changes the owners of that application's
   * account there. Every account is made here, and only where nothing is in use (`addressInUse`, C38): otherwise
   * nothing changes and the answer says why. Without `applicationId` the account belongs to no application (the
   * chain's own tests).
   */
  async registerSmartAccount(
    chain: ChainInfo,
    account: Hex,
    owners: Hex[],
    threshold: number,
    applicationId?: string,
  ): Promise<SmartAccountRegistration> {
    const prisma = await db();
    const key = { chain: chain.name, addressKey: account.toLowerCase() };
    const data = { owners: owners.map((o) => o.toLowerCase()), threshold };
    return prisma.$transaction(async (tx) => {
      // The lock links of this address take: no link is recorded between the look below and the deployment.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`address:${key.addressKey}`}))`;
      const existing = await tx.simulatedSmartAccount.findUnique({
        where: { chain_addressKey: key },
        select: { applicationId: true },
      });
      if (existing) {
        if (existing.applicationId !== (applicationId ?? null)) return "taken";
        await tx.simulatedSmartAccount.update({ where: { chain_addressKey: key }, data });
        return "changed";
      }
      if (await addressInUse(tx, key.addressKey)) return "in use";
      await tx.simulatedSmartAccount.create({ data: { ...key, ...data, applicationId: applicationId ?? null } });
      return "deployed";
    });
  }

  /** Whether a smart account is deployed at `account`, and which application registered it (null: none recorded). */
  async smartAccountOwner(chain: ChainInfo, account: Hex): Promise<{ applicationId: string | null } | undefined> {
    const prisma = await db();
    const row = await prisma.simulatedSmartAccount.findUnique({
      where: { chain_addressKey: { chain: chain.name, addressKey: account.toLowerCase() } },
      select: { applicationId: true },
    });
    return row ?? undefined;
  }

  /** The account signs `message` on chain: `SignMsg(msgHash)` is emitted. Returns the hash. */
  async emitSignMsg(chain: ChainInfo, account: Hex, message: string): Promise<Hex> {
    return this.emitSignMsgHash(chain, account, await this.safeMessageHash(chain, account, message));
  }

  /** The account emits `SignMsg(msgHash)` for a Safe message hash given as it is (e.g. a pending signature's). */
  async emitSignMsgHash(chain: ChainInfo, account: Hex, msgHash: Hex): Promise<Hex> {
    msgHash = msgHash.toLowerCase() as Hex;
    const prisma = await db();
    await prisma.simulatedSignedMessage.upsert({
      where: { chain_addressKey_msgHash: { chain: chain.name, addressKey: account.toLowerCase(), msgHash } },
      create: { chain: chain.name, addressKey: account.toLowerCase(), msgHash },
      update: {},
    });
    return msgHash;
  }
}

/**
 * Safe's message hash (CompatibilityFallbackHandler `getMessageHash`): EIP-712 `SafeMessage(bytes message)` in the
 * account's domain, over the 32-byte data hash (the EIP-191 hash of a text message).
 */
export function safeMessageHash(chain: ChainInfo, account: Hex, dataHash: Hex): Hex {
  if (typeof chain.chainId !== "number") throw new Error(`${chain.name} is not an EVM chain`);
  return hashTypedData({
    domain: { chainId: chain.chainId, verifyingContract: account },
    types: { SafeMessage: [{ name: "message", type: "bytes" }] },
    primaryType: "SafeMessage",
    message: { message: dataHash },
  });
}

async function mintIn(tx: DbOrTx, chain: ChainInfo, currency: Currency, to: Hex, units: bigint): Promise<void> {
  if (units <= 0n) throw new Error("mint amount must be positive");
  const amount = new Prisma.Decimal(units.toString());
  await tx.simulatedTokenBalance.upsert({
    where: { chain_currency_addressKey: { chain: chain.name, currency, addressKey: to.toLowerCase() } },
    create: { chain: chain.name, currency, addressKey: to.toLowerCase(), units: amount },
    update: { units: { increment: amount } },
  });
}

/** Mints to several addresses in one statement: the units per address summed (one row is updated once). */
async function mintAllIn(tx: DbOrTx, operations: readonly TokenOperation[]): Promise<void> {
  const sums = new Map<string, { chain: string; currency: string; addressKey: string; units: bigint }>();
  for (const { chain, currency, address, units } of operations) {
    if (units <= 0n) throw new Error("mint amount must be positive");
    const key = `${chain.name}:${currency}:${address.toLowerCase()}`;
    const sum = sums.get(key) ?? { chain: chain.name, currency, addressKey: address.toLowerCase(), units: 0n };
    sum.units += units;
    sums.set(key, sum);
  }
  const rows = JSON.stringify([...sums.values()].map((sum) => ({ ...sum, units: sum.units.toString() })));
  await tx.$executeRaw`
    INSERT INTO "SimulatedTokenBalance" ("chain", "currency", "addressKey", "units")
    SELECT "chain", "currency", "addressKey", "units"::numeric
    FROM jsonb_to_recordset(${rows}::jsonb) AS x("chain" text, "currency" text, "addressKey" text, "units" text)
    ON CONFLICT ("chain", "currency", "addressKey")
    DO UPDATE SET "units" = "SimulatedTokenBalance"."units" + EXCLUDED."units"`;
}

async function burnIn(tx: DbOrTx, chain: ChainInfo, currency: Currency, from: Hex, units: bigint): Promise<void> {
  if (units <= 0n) throw new Error("burn amount must be positive");
  const amount = new Prisma.Decimal(units.toString());
  const { count } = await tx.simulatedTokenBalance.updateMany({
    where: { chain: chain.name, currency, addressKey: from.toLowerCase(), units: { gte: amount } },
    data: { units: { decrement: amount } },
  });
  if (count !== 1) throw new Error(`burn of ${units} exceeds the balance of ${from} on ${chain.name}`);
}

/** How many sandbox transfers one read returns. */
const TRANSFER_PAGE = 500;

function simulatedTxHash(): Hex {
  return `0x${randomBytes(32).toString("hex")}`;
}
