import { randomBytes } from "node:crypto";
import { db } from "../../../db/client.ts";
import { FIXTURE_MASTER_IBAN } from "./bank-import-fixtures.ts";
import { mulberry32 } from "../../../testing/seeded-random.ts";
import { sealPayoutText } from "../../payments/payout-text.ts";
import type { Config } from "../../../config.ts";
import { importBankFile } from "../import-bank-file.ts";

/** A small seeded generator (mulberry32): a randomized test names its seed and runs again the same way. */
export function randomGenerator(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    /** 0 ≤ n < `below`. */
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/** Payouts released in one of our payment files (as the payments side writes them), by end-to-end id. */
export async function releasedPayouts(
  payouts: { endToEndId: string; amountMinor: bigint }[],
  messageId = `PAYOUTS-${randomBytes(8).toString("hex")}`,
): Promise<void> {
  if (payouts.length === 0) return;
  const prisma = await db();
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
        ...sealPayoutText({
          counterpart: { identifier: { standard: "iban", iban: "DE89370400440532013000" }, details: { name: "Payee" } },
          remittance: "",
        }),
        state: "released",
        fileId: file.id,
        sentAt: new Date(),
        releasedAt: new Date(),
      },
    });
  }
}

/** How many rows the import writes to, each table's: a refused file changes none of them. */
export async function rowCounts() {
  const prisma = await db();
  const [bankFiles, entries, lines, orders, payments, chainTransactions] = await Promise.all([
    prisma.bankFile.count(),
    prisma.bankEntry.count(),
    prisma.bankFileEntry.count(),
    prisma.order.count(),
    prisma.incomingPayment.count(),
    prisma.chainTransaction.count(),
  ]);
  return { bankFiles, entries, lines, orders, payments, chainTransactions };
}

/** `bytes` imported as an operator's upload, the chain left undriven unless `extra` says otherwise. */
export function importFileBytes(
  config: Config,
  bytes: Uint8Array,
  extra: Partial<Parameters<typeof importBankFile>[0]> = {},
) {
  return importBankFile({
    content: { bytes },
    name: "test.xml",
    source: "upload",
    config,
    driveChain: false,
    ...extra,
  });
}
