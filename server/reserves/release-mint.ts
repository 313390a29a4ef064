import type { ApprovalView } from "../approvals/approval.responses.ts";
import { requestApproval } from "../approvals/request-approval.ts";
import type { AuditActor } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { ChainTransaction, Prisma } from "../generated/prisma/client.ts";
import { uuidOrUndefined } from "../ids.ts";
import { formatAmount } from "../money/amount.ts";
import { minorOf } from "./mint-caps.ts";

/**
 * Four eyes on a mint above its caps (C69): one operator asks for its release, a second approves
 * (`server/approvals/decide-approval.ts`, action `mint.release`), and only then does it go to the chain queue.
 */
export async function askToReleaseMint(options: {
  orderId: string;
  config: Config;
  actor: AuditActor;
  clock?: Clock;
}): Promise<{ approval: ApprovalView }> {
  const { config, actor, clock = serverClock } = options;
  const orderId = uuidOrUndefined(options.orderId);
  const prisma = await db();
  const row = orderId && (await prisma.chainTransaction.findFirst({ where: { orderId, state: "held" } }));
  if (!orderId || !row) throw new AppError("NOT_FOUND", "No mint of this order waits for release");
  const approval = await prisma.$transaction((tx) =>
    requestApproval(tx, {
      action: "mint.release",
      subject: { type: "order", id: orderId },
      payload: { chainTransactionId: row.id },
      summary: `Mint ${formatAmount(minorOf(config, row))} ${row.currency.toUpperCase()} on ${row.chain}, above its cap`,
      actor,
      now: clock(),
    }),
  );
  return { approval };
}

/**
 * The second operator approved: the held mint goes back to the queue, admitted (it counts toward the rolling day),
 * and the approval is taken in the same transaction. A CONFLICT, before anything is taken, when no mint of the
 * order is held any more.
 */
export async function releaseHeldMint(options: {
  orderId: string;
  now: Date;
  take: (tx: Prisma.TransactionClient) => Promise<void>;
}): Promise<ChainTransaction> {
  const { orderId, now, take } = options;
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const row = await tx.chainTransaction.findFirst({ where: { orderId, state: "held" } });
    const { count } = row
      ? await tx.chainTransaction.updateMany({
          where: { id: row.id, state: "held" },
          data: { state: "queued", admittedAt: now, notBefore: now, lastError: null },
        })
      : { count: 0 };
    if (!row || count !== 1) throw new AppError("CONFLICT", "No mint of this order waits for release");
    await take(tx);
    return { ...row, state: "queued" as const, admittedAt: now, notBefore: now, lastError: null };
  });
}

/**
 * The second operator refused the release: the held mint ends as failed, with why. Its order stays `pending` and
 * shows as given up in the operator's queue, where it may be rejected (the money goes back through the bank) or
 * processed again (the new mint meets the same caps).
 */
export async function refuseHeldMint(
  tx: Prisma.TransactionClient,
  options: { orderId: string; now: Date; note?: string },
): Promise<void> {
  await tx.chainTransaction.updateMany({
    where: { orderId: options.orderId, state: "held" },
    data: {
      state: "failed",
      settledAt: options.now,
      lastError: `Above the mint cap; its release was refused${options.note ? `: ${options.note}` : ""}`,
    },
  });
}
