import { randomBytes } from "node:crypto";
import { db } from "../../../db/client.ts";
import { FIXTURE_MASTER_IBAN } from "./bank-import-fixtures.ts";

/** A small seeded generator (mulberry32): a randomized test names its seed and runs again the same way. */
export function randomGenerator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** 0 ≤ n < `below`. */
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/** Payouts released in one of our payment files (as the payments side writes them), by end-to-end id. */
export async function releasedPayouts(payouts: { endToEndId: string; amountMinor: bigint }[]): Promise<void> {
  if (payouts.length === 0) return;
  const prisma = await db();
  const messageId = `PAYOUTS-${randomBytes(8).toString("hex")}`;
  const file = await prisma.bankFile.create({
    data: {
      direction: "outbound",
      message: "pain.001.001.09",
      messageId,
      sha256: "0".repeat(64),
      size: 1,
      name: `${messageId}.xml`,
      source: "payment-run",
      state: "released",
      accountIban: FIXTURE_MASTER_IBAN,
      createdAt: new Date(),
    },
  });
  for (const payout of payouts) {
    await prisma.payout.create({
      data: {
        ...payout,
        bankReference: payout.endToEndId,
        currency: "eur",
        counterpart: { identifier: { standard: "iban", iban: "DE89370400440532013000" }, details: { name: "Payee" } },
        state: "released",
        fileId: file.id,
        sentAt: new Date(),
        releasedAt: new Date(),
      },
    });
  }
}
