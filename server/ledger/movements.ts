import type { Prisma } from "../generated/prisma/client.ts";
import type { AccountRef } from "./accounts.ts";
import { postLedgerTransaction, type Posting } from "./post-transaction.ts";

/** The wallet an order moves tokens at. */
export type WalletRef = { chain: string; currency: string; addressKey: string; profileId: string };

type Tx = Prisma.TransactionClient;
type Movement = { wallet: WalletRef; amountMinor: bigint; orderId: string; at: Date };

const wallet = (w: WalletRef): AccountRef => ({ kind: "wallet", ...w });
const holds = (w: WalletRef): AccountRef => ({ kind: "holds", ...w });
const issuance = (w: WalletRef): AccountRef => ({ kind: "issuance", chain: w.chain, currency: w.currency });
const redemption = (w: WalletRef): AccountRef => ({ kind: "redemption", chain: w.chain, currency: w.currency });

/** The postings of a mint: tokens from the chain's issuance to the wallet. */
export function mintPostings(w: WalletRef, amountMinor: bigint): Posting[] {
  return [
    { account: issuance(w), amountMinor: -amountMinor },
    { account: wallet(w), amountMinor },
  ];
}

/** Tokens minted to a wallet (an issue order processed). */
export function recordMint(tx: Tx, m: Movement): Promise<void> {
  return postLedgerTransaction(tx, {
    kind: "mint",
    orderId: m.orderId,
    at: m.at,
    postings: mintPostings(m.wallet, m.amountMinor),
  });
}

/** The postings of a hold: tokens moved from the wallet to its holds. */
export function holdPostings(w: WalletRef, amountMinor: bigint): Posting[] {
  return [
    { account: wallet(w), amountMinor: -amountMinor },
    { account: holds(w), amountMinor },
  ];
}

/** Tokens set aside for a placed redeem order; fails with `InsufficientFunds` beyond the wallet's free balance. */
export function recordHold(tx: Tx, m: Movement): Promise<void> {
  return postLedgerTransaction(tx, {
    kind: "hold",
    orderId: m.orderId,
    at: m.at,
    postings: holdPostings(m.wallet, m.amountMinor),
  });
}

/** The postings of a burn: held tokens to the chain's redemption account. */
export function burnPostings(w: WalletRef, amountMinor: bigint): Posting[] {
  return [
    { account: holds(w), amountMinor: -amountMinor },
    { account: redemption(w), amountMinor },
  ];
}

/** Held tokens burned (a redeem order processed). */
export function recordBurn(tx: Tx, m: Movement): Promise<void> {
  return postLedgerTransaction(tx, {
    kind: "burn",
    orderId: m.orderId,
    at: m.at,
    postings: burnPostings(m.wallet, m.amountMinor),
  });
}

/** The postings of a release: held tokens back to the wallet, the reversal of a hold. */
export function releasePostings(w: WalletRef, amountMinor: bigint): Posting[] {
  return [
    { account: holds(w), amountMinor: -amountMinor },
    { account: wallet(w), amountMinor },
  ];
}

/** Held tokens given back to the wallet (a redeem order rejected): the reversal of its hold. */
export function recordRelease(tx: Tx, m: Movement): Promise<void> {
  return postLedgerTransaction(tx, {
    kind: "release",
    orderId: m.orderId,
    at: m.at,
    postings: releasePostings(m.wallet, m.amountMinor),
  });
}

/** The accounts a movement of `kind` at the wallet moves: what a transaction that posts several locks first. */
export function movementAccounts(kind: "mint" | "hold" | "burn" | "release", w: WalletRef): AccountRef[] {
  const postings = { mint: mintPostings, hold: holdPostings, burn: burnPostings, release: releasePostings }[kind];
  return postings(w, 1n).map((p) => p.account);
}
