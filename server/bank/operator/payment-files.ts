import type { AuditActor } from "../../audit/record-audit.ts";
import type { Config } from "../../config.ts";
import { Reply } from "../../contract/reply.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { formatAmount } from "../../money/amount.ts";
import { releasePaymentFile, runPaymentRun } from "../exceptions/upstream.ts";
import type { BankFileView } from "./bank-operator.responses.ts";
import { bankFileView } from "./bank-views.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function fileView(id: string): Promise<BankFileView> {
  const prisma = await db();
  const file = await prisma.bankFile.findUniqueOrThrow({ where: { id }, omit: { content: true } });
  return bankFileView({ ...file, content: null });
}

/** `POST /admin/bank/files/{id}/release`: an operator releases a written payment file to the bank (audited there). */
export async function operatorReleasePaymentFile(options: {
  fileId: string;
  actor: AuditActor;
  config: Config;
}): Promise<{ file: BankFileView }> {
  const { fileId, actor, config } = options;
  if (!UUID.test(fileId)) throw new AppError("NOT_FOUND", "Bank file not found");
  const id = fileId.toLowerCase();
  await releasePaymentFile({ fileId: id, actor, config });
  return { file: await fileView(id) };
}

/**
 * `POST /admin/bank/payment-runs`: batch every instructed payout into payment files now rather than at the next
 * run: 201 with the files written, or 200 with none when no payout was waiting.
 */
export async function operatorPaymentRun(options: { actor: AuditActor; config: Config }): Promise<Reply> {
  const { files } = await runPaymentRun(options.config, { actor: options.actor });
  const views = await Promise.all(files.map((file) => fileView(file.fileId)));
  return new Reply(views.length === 0 ? 200 : 201, { files: views });
}

/**
 * `GET /admin/bank/payment-runs`: what the next payment run would take: the payouts instructed and in no file yet,
 * how many and their sum (SEPA pays euros only).
 */
export async function waitingPayouts(): Promise<{ count: number; amount: string; currency: string }> {
  const prisma = await db();
  const waiting = await prisma.payout.aggregate({
    where: { state: "instructed", fileId: null },
    _count: true,
    _sum: { amountMinor: true },
  });
  return { count: waiting._count, amount: formatAmount(waiting._sum.amountMinor ?? 0n), currency: "EUR" };
}
