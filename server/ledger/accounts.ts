import type { Prisma } from "../generated/prisma/client.ts";

/**
 * A ledger account, named by what it holds. Per wallet (address on a chain, in a currency): `wallet` (the tokens
 * there, free to redeem) and `holds` (tokens set aside for placed redeem orders). Per chain and currency: `issuance`
 * (its balance is minus everything minted), `redemption` (everything burned) and `external` (tokens that plain
 * on-chain transfers moved to addresses linked to no profile, less those that came in from such addresses).
 */
export type AccountRef =
  | { kind: "wallet" | "holds"; chain: string; currency: string; addressKey: string; profileId: string }
  | { kind: "issuance" | "redemption" | "external"; chain: string; currency: string };

type Tx = Prisma.TransactionClient;

const keyOf = (ref: AccountRef) => ({
  kind: ref.kind,
  chain: ref.chain,
  currency: ref.currency,
  addressKey: "addressKey" in ref ? ref.addressKey : "",
});

/** The balance of an account in minor units; an account never opened holds nothing. */
export async function accountBalance(tx: Tx, ref: AccountRef): Promise<bigint> {
  const row = await tx.ledgerAccount.findUnique({
    where: { kind_chain_currency_addressKey: keyOf(ref) },
    select: { balanceMinor: true },
  });
  return row?.balanceMinor ?? 0n;
}
