import { createHash } from "node:crypto";
import type { AuditActor } from "../../audit/record-audit.ts";
import type { BankFile, Payout, Prisma } from "../../generated/prisma/client.ts";
import { formatDecimalAmount } from "../iso20022/decimal-amount.ts";
import { writePain001 } from "../iso20022/write-pain001.ts";
import { paymentOf } from "./payment-text.ts";
import type { PayoutContext } from "./payout-types.ts";
import { sealPaymentFile } from "./payment-file-content.ts";

/** What an outbound file's `summary` holds (C49): the number of payments and their sum, as in its group header. */
export type PaymentFileSummary = { nbOfTxs: number; ctrlSum: string };

/**
 * The message id of a payment file: `TR`, the day, and 22 hex digits of a hash of its payouts' ids. The same payouts
 * always give the same id, so a payment file cannot be recorded twice for them (`BankFile` is unique by direction
 * and message id), and no two files of different payouts share one.
 */
export function paymentMessageId(payoutIds: readonly string[], now: Date): string {
  const digest = createHash("sha256")
    .update([...payoutIds].sort().join(","))
    .digest("hex");
  return `TR${now.toISOString().slice(0, 10).replaceAll("-", "")}-${digest.slice(0, 22)}`;
}

/**
 * Writes one pain.001 (the configured version; validated against its schema by `writePain001`) for `payouts`, all
 * instructed, in euros and locked by the caller: the master account is the debtor, the file is recorded `written`
 * with its bytes, hash, size and summary, and every payout moves to `batched` with the file's id by a conditional
 * update (`fileId IS NULL`), so no payout is ever in two files (C49). Throws, rolling the caller's transaction back,
 * when any payout was taken meanwhile.
 */
export async function writePaymentFile(
  tx: Prisma.TransactionClient,
  payouts: readonly Payout[],
  ctx: PayoutContext & { actor?: AuditActor },
): Promise<BankFile> {
  return recordPaymentFile(tx, payouts, paymentFileBytes(payouts, ctx), ctx);
}

/** The pain.001 of `payouts` and its message id, written and schema-validated, before anything is recorded. */
export function paymentFileBytes(
  payouts: readonly Payout[],
  ctx: PayoutContext,
): { messageId: string; bytes: Uint8Array } {
  const { config, now } = ctx;
  const { account, painVersion } = config.bank;
  const messageId = paymentMessageId(
    payouts.map((payout) => payout.id),
    now,
  );
  const bytes = writePain001(
    {
      messageId,
      createdAt: now,
      debtor: { name: account.holder, iban: account.iban, bic: account.bic },
      requestedExecutionDate: now.toISOString().slice(0, 10),
      payments: payouts.map(paymentOf),
    },
    painVersion,
  );
  return { messageId, bytes };
}

/** Records the written file and moves its payouts into it (see `writePaymentFile`). */
export async function recordPaymentFile(
  tx: Prisma.TransactionClient,
  payouts: readonly Payout[],
  written: { messageId: string; bytes: Uint8Array },
  ctx: PayoutContext & { actor?: AuditActor },
): Promise<BankFile> {
  const { config, now } = ctx;
  const { account, painVersion } = config.bank;
  const { messageId, bytes } = written;
  const ids = payouts.map((payout) => payout.id);
  const total = payouts.reduce((sum, payout) => sum + payout.amountMinor, 0n);
  const summary: PaymentFileSummary = { nbOfTxs: payouts.length, ctrlSum: formatDecimalAmount(total, "EUR") };
  const file = await tx.bankFile.create({
    data: {
      direction: "outbound",
      message: `pain.001.001.${painVersion}`,
      messageId,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      size: bytes.byteLength,
      name: `pain001-${messageId}.xml`,
      source: "payment-run",
      state: "written",
      content: sealPaymentFile(bytes),
      summary,
      accountIban: account.iban,
      createdAt: now,
      createdById: ctx.actor?.userId ?? null,
    },
  });
  const { count } = await tx.payout.updateMany({
    where: { id: { in: ids }, fileId: null, state: "instructed" },
    data: { fileId: file.id, state: "batched" },
  });
  if (count !== ids.length) {
    throw new Error(`${ids.length - count} of the payouts of payment file ${messageId} were batched elsewhere`);
  }
  return file;
}
