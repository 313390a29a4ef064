import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { performReturn } from "../bank/exceptions/return-exception.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { OperatorRole, Prisma } from "../generated/prisma/client.ts";
import { uuidOrUndefined } from "../ids.ts";
import { applyOperatorRoles } from "../operators/change-operator-roles.ts";
import { operatorRoles } from "../operators/operator-access.ts";
import { queueHooks } from "../orders/chain-settlement.ts";
import { processApprovedOrder } from "../orders/operate-orders.ts";
import { orderView } from "../orders/order-view.ts";
import { refuseHeldMint, releaseHeldMint } from "../reserves/release-mint.ts";
import { awaitChainTransaction } from "../chains/chain-queue.ts";
import { confirmCase, unfreezeProfile } from "../screening/cases/decide-case.ts";
import type { ApprovalAction, ApprovalView } from "./approval.responses.ts";
import {
  ERASED_PAYLOAD,
  approvalNoteData,
  approvalSubjectKey,
  openApproval,
  type OpenedApproval,
} from "./approval-text.ts";
import { approvalView } from "./approval-view.ts";

type Run = (options: {
  /** The approval with its payload opened (it is sealed at rest): the action runs as it was asked. */
  approval: OpenedApproval;
  actor: AuditActor;
  config: Config;
  now: Date;
  /** Must be called in the transaction that makes the change: takes the approval, once. */
  take: (tx: Prisma.TransactionClient) => Promise<void>;
}) => Promise<unknown>;

/** How long approving a held mint waits for the chain before answering with its order pending. */
const RELEASE_WAIT_MS = 15_000;

/**
 * Each action that can wait for a second operator: the role that approves it, how it runs then, and (for some)
 * what a rejection leaves behind, in the rejecting transaction.
 */
const ACTIONS: Record<
  ApprovalAction,
  {
    need: OperatorRole;
    run: Run;
    rejected?: (tx: Prisma.TransactionClient, a: OpenedApproval, now: Date, note?: string) => Promise<void>;
  }
> = {
  "mint.release": {
    need: "treasurer",
    run: async ({ approval, config, now, take }) => {
      const row = await releaseHeldMint({ orderId: approval.subjectId, now, take });
      await awaitChainTransaction({ config, hooks: queueHooks(config), row, waitMs: RELEASE_WAIT_MS });
      const prisma = await db();
      return orderView(await prisma.order.findUniqueOrThrow({ where: { id: approval.subjectId } }));
    },
    rejected: (tx, approval, now, note) => refuseHeldMint(tx, { orderId: approval.subjectId, now, note }),
  },
  "order.process": {
    need: "treasurer",
    run: ({ approval, actor, config, take }) =>
      processApprovedOrder({ orderId: approval.subjectId, config, operator: actor, inClaim: take }),
  },
  "bank.exception.return": {
    need: "treasurer",
    run: ({ approval, actor, config, take }) =>
      performReturn({
        entryId: approval.subjectId,
        reason: (approval.payload as { reason: string }).reason,
        actor,
        config,
        inClaim: take,
      }),
  },
  "case.confirm": {
    need: "compliance",
    run: ({ approval, actor, now, take }) =>
      confirmCase({
        caseId: approval.subjectId,
        reason: (approval.payload as { reason: string }).reason,
        actor,
        now,
        take,
      }),
  },
  "profile.unfreeze": {
    need: "compliance",
    run: ({ approval, actor, now, take }) =>
      unfreezeProfile({
        profileId: approval.subjectId,
        reason: (approval.payload as { reason: string }).reason,
        actor,
        now,
        take,
      }),
  },
  "operator.roles": {
    need: "admin",
    run: async ({ approval, actor, now, take }) => {
      const prisma = await db();
      return prisma.$transaction(async (tx) => {
        await take(tx);
        const { roles } = approval.payload as { roles: OperatorRole[] };
        return applyOperatorRoles(tx, { userId: approval.subjectId, roles, actor, now, approvalId: approval.id });
      });
    },
  },
};

/**
 * A second operator decides on an action another asked for (C59). The requester cannot decide on their own; the
 * decider needs the role the action needs. Approving runs the action as the approver's, and the approval is taken
 * in the action's own transaction (so it is approved exactly when the action happened, once, however many approve
 * at once); rejecting closes it with a note. Both operators are in the audit log: the request, the decision and the
 * action itself. An approved action that can no longer run (the order was settled meanwhile) is closed with why.
 */
export async function decideApproval(options: {
  approvalId: string;
  decision: "approve" | "reject";
  note?: string;
  actor: AuditActor;
  config: Config;
  clock?: Clock;
}): Promise<{ approval: ApprovalView; result?: unknown }> {
  const { decision, note, actor, config, clock = serverClock } = options;
  const id = uuidOrUndefined(options.approvalId);
  if (!id) throw new AppError("NOT_FOUND", "Approval not found");
  const prisma = await db();
  const row = await prisma.operatorApproval.findUnique({ where: { id } });
  if (!row) throw new AppError("NOT_FOUND", "Approval not found");
  // Its payload, summary and note are sealed at rest (C70): what runs is what was asked, opened.
  const approval = await openApproval(prisma, row);
  if (approval.state !== "pending") throw new AppError("CONFLICT", `This was ${approval.state} before`);
  // The customer it is about was erased meanwhile (C71): what was asked can no longer be read, so nothing runs.
  if (decision === "approve" && approval.payload === ERASED_PAYLOAD) {
    throw new AppError("CONFLICT", "The customer this is about was erased: it can only be rejected");
  }
  if (approval.requestedById === actor.userId) {
    throw new AppError("FORBIDDEN", "You asked for this yourself: a second operator must decide on it");
  }
  const action = ACTIONS[approval.action as ApprovalAction];
  if (!(await operatorRoles(actor.userId)).includes(action.need)) {
    throw new AppError("FORBIDDEN", `Your role does not allow this: it needs a ${action.need}`);
  }
  const now = clock();
  const take = async (tx: Prisma.TransactionClient, state: "approved" | "rejected", why?: string) => {
    const { count } = await tx.operatorApproval.updateMany({
      where: { id, state: "pending" },
      data: {
        state,
        decidedById: actor.userId,
        decidedAt: now,
        // Sealed as the request was: under the key of the customer it is about (C71).
        note: approvalNoteData(why, await approvalSubjectKey(tx, { type: row.subjectType, id: row.subjectId }, now)),
        pendingKey: null,
      },
    });
    if (count !== 1) throw new AppError("CONFLICT", "Another operator decided on this first");
    await recordAudit(tx, {
      actor,
      action: state === "approved" ? "approval.approve" : "approval.reject",
      subject: { type: "approval", id },
      after: { action: approval.action, subject: approval.subjectId, requestedBy: approval.requestedById },
      reason: why ?? null,
      at: now,
    });
  };
  if (decision === "reject") {
    await prisma.$transaction(async (tx) => {
      await take(tx, "rejected", note);
      await action.rejected?.(tx, approval, now, note);
    });
    return { approval: await approvalView(prisma, await prisma.operatorApproval.findUniqueOrThrow({ where: { id } })) };
  }
  let taken = false;
  try {
    const result = await action.run({
      approval,
      actor,
      config,
      now,
      take: async (tx) => {
        await take(tx, "approved", note);
        taken = true;
      },
    });
    return {
      approval: await approvalView(prisma, await prisma.operatorApproval.findUniqueOrThrow({ where: { id } })),
      result,
    };
  } catch (error) {
    // The action refused before it ran (its subject moved on): nothing is left to approve.
    if (!taken && error instanceof AppError && (error.code === "CONFLICT" || error.code === "NOT_FOUND")) {
      await prisma.$transaction((tx) => take(tx, "rejected", `Could not run: ${error.message}`)).catch(() => undefined);
    }
    throw error;
  }
}
