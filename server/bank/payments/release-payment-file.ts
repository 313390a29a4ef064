import { recordAudit, type AuditActor } from "../../audit/record-audit.ts";
import { serverClock, type Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { BankFile, Prisma } from "../../generated/prisma/client.ts";
import { recordOrderEvent } from "../../orders/order-view.ts";
import { announceBankSignal } from "../bank-signals.ts";
import { assertPaymentFile } from "./verify-payment-file.ts";

/** A payment file and its payouts, as a release or a payment run leaves them. */
export type PaymentFileOutcome = {
  fileId: string;
  name: string;
  messageId: string;
  state: "written" | "released";
  nbOfTxs: number;
  ctrlSum: string;
  /** Redeem orders processed by the release (their payouts now in a released file). */
  ordersProcessed: number;
};

/** Interactive transactions that write or release a file of up to a thousand payouts (and their orders' events). */
export const PAYMENT_FILE_TRANSACTION = { maxWait: 30_000, timeout: 120_000 } as const;

/**
 * Releases a written payment file inside `tx`: checked again (`assertPaymentFile`: the stored bytes, their schema,
 * NbOfTxs, CtrlSum and end-to-end ids against its payouts), then `released` (with who released it), its payouts
 * `released`, and each of their redeem orders `processed` with `paymentFileId`, `endToEndId` and one
 * `order.updated` (C35): a redeem order counts as processed once its tokens are burned and its payout is in a
 * released file. With an actor, audited as `bank.payment-file.release`. Releasing a file not `written` is a
 * `CONFLICT`. The caller announces `payment-file-released` after commit.
 */
export async function releaseWrittenFile(
  tx: Prisma.TransactionClient,
  fileId: string,
  ctx: { now: Date; actor?: AuditActor },
): Promise<PaymentFileOutcome> {
  const { now, actor } = ctx;
  // The row lock makes two releases of one file wait for each other; the second then finds it released.
  await tx.$queryRaw`SELECT "id" FROM "BankFile" WHERE "id" = ${fileId}::uuid FOR UPDATE`;
  const file = await tx.bankFile.findUnique({ where: { id: fileId } });
  if (!file || file.direction !== "outbound") throw new AppError("NOT_FOUND", "Payment file not found");
  if (file.state !== "written") throw new AppError("CONFLICT", `The payment file is already ${file.state}`);
  const payouts = await tx.payout.findMany({ where: { fileId }, orderBy: [{ sentAt: "asc" }, { id: "asc" }] });
  if (payouts.some((payout) => payout.state !== "batched")) {
    throw new AppError("CONFLICT", "The payment file's payouts are not all waiting for its release");
  }
  assertPaymentFile(file, payouts);
  await tx.bankFile.update({
    where: { id: fileId },
    data: { state: "released", releasedAt: now, releasedById: actor?.userId ?? null },
  });
  await tx.payout.updateMany({ where: { fileId, state: "batched" }, data: { state: "released", releasedAt: now } });
  let ordersProcessed = 0;
  for (const payout of payouts) {
    if (payout.orderId === null) continue;
    const { count } = await tx.order.updateMany({
      where: { id: payout.orderId, kind: "redeem", state: { in: ["placed", "pending"] } },
      data: { state: "processed", processedAt: now, paymentFileId: fileId, endToEndId: payout.endToEndId },
    });
    if (count !== 1) throw new Error(`The redeem order ${payout.orderId} of payout ${payout.id} is not open`);
    const order = await tx.order.findUniqueOrThrow({ where: { id: payout.orderId } });
    await recordOrderEvent(tx, "order.updated", order, now);
    ordersProcessed++;
  }
  const outcome = describe(file, "released", ordersProcessed);
  if (actor) {
    await recordAudit(tx, {
      actor,
      action: "bank.payment-file.release",
      subject: { type: "bank-file", id: fileId },
      before: { state: "written" },
      after: { state: "released", name: file.name, nbOfTxs: outcome.nbOfTxs, ctrlSum: outcome.ctrlSum },
      at: now,
    });
  }
  return outcome;
}

/**
 * Wakes the transport after a file released inside a caller's transaction (the sandbox's file at once per payout),
 * whose commit this module does not see: shortly after, and once more a little later. A wake-up before the commit
 * finds nothing, and the transport polls anyway, so the worst case is its poll interval.
 */
export function announceReleaseSoon(): void {
  for (const delayMs of [50, 1_000]) {
    setTimeout(() => announceBankSignal("payment-file-released"), delayMs).unref();
  }
}

/** The outcome of a file as recorded (its summary is what `writePaymentFile` stored). */
export function describe(file: BankFile, state: "written" | "released", ordersProcessed = 0): PaymentFileOutcome {
  const summary = file.summary as { nbOfTxs?: number; ctrlSum?: string };
  return {
    fileId: file.id,
    name: file.name,
    messageId: file.messageId,
    state,
    nbOfTxs: summary.nbOfTxs ?? 0,
    ctrlSum: summary.ctrlSum ?? "0.00",
    ordersProcessed,
  };
}

/**
 * An operator releases a written payment file (production's default: files wait for a person): see
 * `releaseWrittenFile`. After commit the transport is told (`payment-file-released`). Releasing twice is a
 * `CONFLICT`.
 */
export async function releasePaymentFile(options: {
  fileId: string;
  actor?: AuditActor;
  config: Config;
  clock?: Clock;
}): Promise<PaymentFileOutcome> {
  const { fileId, actor, clock = serverClock } = options;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(fileId)) {
    throw new AppError("NOT_FOUND", "Payment file not found");
  }
  const prisma = await db();
  const outcome = await prisma.$transaction(
    (tx) => releaseWrittenFile(tx, fileId.toLowerCase(), { now: clock(), actor }),
    PAYMENT_FILE_TRANSACTION,
  );
  announceBankSignal("payment-file-released");
  return outcome;
}
