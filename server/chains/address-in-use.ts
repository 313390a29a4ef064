import type { Prisma } from "../generated/prisma/client.ts";

/**
 * Whether anything in the service already knows `addressKey` (lower case): a profile linked it, a link or an order
 * waits for its signature (or waited, and it never came), an order or an IBAN names it, or it holds or held tokens
 * on the sandbox chain. On any chain: an EVM address is the same on every chain, so whoever holds it on one holds it
 * on all. Such an address is someone's; the sandbox puts no smart account there (C38), as no real deployment can put
 * code at an address its deployer does not derive.
 */
export async function addressInUse(tx: Prisma.TransactionClient, addressKey: string): Promise<boolean> {
  const lookups = [
    () => tx.address.findFirst({ where: { addressKey }, select: { id: true } }),
    () => tx.pendingSignature.findFirst({ where: { addressKey, completedAt: null }, select: { id: true } }),
    () => tx.order.findFirst({ where: { addressKey }, select: { id: true } }),
    () => tx.iban.findFirst({ where: { addressKey }, select: { id: true } }),
    () => tx.simulatedTokenBalance.findFirst({ where: { addressKey }, select: { units: true } }),
  ];
  for (const lookup of lookups) if (await lookup()) return true;
  return false;
}
