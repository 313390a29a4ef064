import { randomUUID } from "node:crypto";
import { db } from "../../../db/client.ts";
import type { BankEntryOutcome } from "../../../generated/prisma/client.ts";
import { recordBurn, recordHold, recordMint, type WalletRef } from "../../../ledger/movements.ts";
import { recordSafeguardingDay } from "../safeguarding-day.ts";

/*
 * What the safeguarding day tests write and read: tokens minted and burned, bank entries booked, payouts sent, a
 * day's statement recorded, and the figures stored for a day. Call these after the file's setUpTestInstance.
 */

const ACCOUNT = "DE02100100100006820101";
export const now = new Date("2026-12-01T08:00:00Z");
export const wallet = (chain = "sepolia"): WalletRef => ({
  chain,
  currency: "eur",
  addressKey: `0x${randomUUID().replace(/-/g, "").padEnd(40, "0")}`,
  profileId: randomUUID(),
});

export async function mint(orderId: string, amountMinor: bigint, at: string, w = wallet()) {
  const prisma = await db();
  await prisma.$transaction((tx) => recordMint(tx, { wallet: w, amountMinor, orderId, at: new Date(at) }));
  return w;
}

export async function burn(w: WalletRef, amountMinor: bigint, at: string, orderId = randomUUID()) {
  const prisma = await db();
  const movement = { wallet: w, amountMinor, orderId, at: new Date(at) };
  await prisma.$transaction(async (tx) => {
    await recordHold(tx, movement);
    await recordBurn(tx, movement);
  });
  return orderId;
}

export async function entry(e: {
  side: "CRDT" | "DBIT";
  amountMinor: bigint;
  booked: string;
  outcome: BankEntryOutcome;
  orderId?: string;
  payoutId?: string;
  currency?: string;
  createdAt?: Date;
}) {
  const prisma = await db();
  const row = await prisma.bankEntry.create({
    data: {
      identity: `ref:${ACCOUNT}:${randomUUID()}`,
      fileId: randomUUID(),
      side: e.side,
      status: "BOOK",
      amountMinor: e.amountMinor,
      currency: e.currency ?? "EUR",
      bookingDate: new Date(`${e.booked}T00:00:00Z`),
      outcome: e.outcome,
      orderId: e.orderId ?? null,
      payoutId: e.payoutId ?? null,
      createdAt: e.createdAt ?? now,
    },
  });
  return row.id;
}

export async function payout(p: {
  amountMinor: bigint;
  sentAt: string;
  state?: "released" | "rejected" | "debited" | "returned";
  settledAt?: string;
  orderId?: string;
  bankEntryId?: string;
  reissueOrderId?: string;
  currency?: string;
}) {
  const prisma = await db();
  const row = await prisma.payout.create({
    data: {
      orderId: p.orderId ?? null,
      bankEntryId: p.bankEntryId ?? null,
      endToEndId: randomUUID().replace(/-/g, ""),
      bankReference: "",
      amountMinor: p.amountMinor,
      currency: p.currency ?? "eur",
      counterpart: {},
      remittance: "",
      state: p.state ?? "released",
      sentAt: new Date(p.sentAt),
      settledAt: p.settledAt ? new Date(p.settledAt) : null,
      reissueOrderId: p.reissueOrderId ?? null,
    },
  });
  return row.id;
}

export async function statement(date: string, closingMinor: bigint, account = ACCOUNT, currency = "EUR") {
  const prisma = await db();
  return prisma.$transaction((tx) =>
    recordSafeguardingDay(tx, { fileId: randomUUID(), accountIban: account, date, currency, closingMinor, now }),
  );
}

export async function stored(date: string, account = ACCOUNT, currency = "EUR") {
  const prisma = await db();
  const row = await prisma.safeguardingDay.findUniqueOrThrow({
    where: {
      accountIban_date_currency: { accountIban: account, date: new Date(`${date}T00:00:00Z`), currency },
    },
  });
  return {
    closing: row.closingMinor,
    outstanding: row.outstandingMinor,
    inFlight: row.payoutsInFlightMinor,
    unminted: row.creditsUnmintedMinor,
    difference: row.differenceMinor,
  };
}
