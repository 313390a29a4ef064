import type { Hex } from "viem";
import { z } from "zod";
import { evmAddressSchema } from "../addresses/address.schemas.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { formatAmount, minorToTokenUnits, positiveAmountSchema } from "../money/amount.ts";
import { accessibleProfiles } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";
import { sandboxChain } from "./configured-gateway.ts";
import { reconcileTransfers } from "./reconcile-transfers.ts";
import { CURRENCIES, resolveChain, tokenContract, type Currency } from "./registry.ts";
import type { SandboxTransfer } from "../sandbox/smart-account.responses.ts";

export const sandboxTransferSchema = z.object({
  from: evmAddressSchema(),
  to: evmAddressSchema(),
  currency: z.enum(
    CURRENCIES.map((c) => c.currency) as [Currency, ...Currency[]],
    "Unknown currency: use eur, usd, gbp or isk",
  ),
  amount: positiveAmountSchema,
});

export type { SandboxTransfer };

/**
 * A plain ERC-20 `transfer` on the sandbox chain, as the holder of `from` would send it from their own wallet: the
 * tokens move on chain and its `Transfer` event is reconciled into the ledger at once (as the periodic job would,
 * `reconcile-transfers.ts`). `from` must be an address linked to a profile the caller may act on (C38: another
 * application's address, or an unlinked one, is 404); `to` may be any address. 400 when `from` holds fewer tokens
 * on chain. Absent (404) on real chains.
 */
export async function transferOnSandboxChain(options: {
  chain: string;
  transfer: z.infer<typeof sandboxTransferSchema>;
  caller: Caller;
  config: Config;
}): Promise<SandboxTransfer> {
  const { config, caller, transfer } = options;
  const gateway = sandboxChain(config);
  if (!gateway) throw new AppError("NOT_FOUND", "This instance runs on real chains; there is no sandbox chain");
  const chain = resolveChain(options.chain, config.environment);
  if (!chain || chain.family !== "evm") throw new AppError("NOT_FOUND", "No sandbox EVM chain of that name");
  const writable = (await accessibleProfiles(caller)).filter((p) => p.perms.includes("write")).map((p) => p.id);
  const prisma = await db();
  const from = await prisma.address.findFirst({
    where: { chain: chain.name, addressKey: transfer.from.toLowerCase(), profileId: { in: writable } },
    select: { address: true },
  });
  if (!from) throw new AppError("NOT_FOUND", "Address not found");
  const units = minorToTokenUnits(transfer.amount, tokenContract(chain, transfer.currency).decimals);
  const txHash = await gateway.transfer(chain, transfer.currency, transfer.from as Hex, transfer.to as Hex, units);
  if (!txHash) {
    throw new AppError("VALIDATION", "Validation errors", { amount: "exceeds the tokens the address holds on chain" });
  }
  await reconcileTransfers({ config, only: { chain: chain.name, currency: transfer.currency } });
  return {
    chain: chain.name,
    currency: transfer.currency,
    from: from.address,
    to: transfer.to,
    amount: formatAmount(transfer.amount),
    txHash,
  };
}
