import type { Prisma } from "../generated/prisma/client.ts";

/**
 * A ledger account, named by what it holds. Per wallet (address on a chain, in a currency): `wallet` (the tokens
 * there, free to redeem) and `holds` (tokens set aside for placed redeem orders). Per chain and currency: `issuance`
 * (its balance is minus everything minted) and `redemption` (everything burned).
 */
export type AccountRef =
  | { kind: "wallet" | "holds"; chain: string; currency: string; addressKey: string; profileId: string }
  | { kind: "issuance" | "redemption"; chain: string; currency: string };

type Tx = Prisma.TransactionClient;

const keyOf = (ref: AccountRef) => ({
  kind: ref.kind,
  chain: ref.chain,
  currency: ref.currency,
  addressKey: "addressKey" in ref ? ref.addressKey : "",
});

/**
 * The accounts' ids, opening those that do not exist yet. One read finds the usual case (every account open); only
 * missing ones are inserted, safely when two transactions open one at once.
 */
export async function accountIds(tx: Tx, refs: AccountRef[]): Promise<string[]> {
  const keys = refs.map(keyOf);
  const find = () =>
    tx.ledgerAccount.findMany({
      where: { OR: keys },
      select: { id: true, kind: true, chain: true, currency: true, addressKey: true },
    });
  const idOf = (rows: Awaited<ReturnType<typeof find>>, key: ReturnType<typeof keyOf>) =>
    rows.find(
      (r) =>
        r.kind === key.kind && r.chain === key.chain && r.currency === key.currency && r.addressKey === key.addressKey,
    )?.id;
  let rows = await find();
  const missing = refs.filter((_, i) => idOf(rows, keys[i]!) === undefined);
  if (missing.length > 0) {
    await tx.ledgerAccount.createMany({
      data: missing.map((ref) => ({ ...keyOf(ref), profileId: "profileId" in ref ? ref.profileId : null })),
      skipDuplicates: true,
    });
    rows = await find();
  }
  return keys.map((key) => {
    const id = idOf(rows, key);
    if (!id) throw new Error(`ledger account ${key.kind} ${key.chain}/${key.currency} could not be opened`);
    return id;
  });
}

/** The balance of an account in minor units; an account never opened holds nothing. */
export async function accountBalance(tx: Tx, ref: AccountRef): Promise<bigint> {
  const row = await tx.ledgerAccount.findUnique({
    where: { kind_chain_currency_addressKey: keyOf(ref) },
    select: { balanceMinor: true },
  });
  return row?.balanceMinor ?? 0n;
}
