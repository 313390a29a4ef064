import { db } from "../db/client.ts";
import type { ApprovalState } from "../generated/prisma/client.ts";
import type { ApprovalView } from "./approval.responses.ts";
import { approvalViews } from "./approval-view.ts";

/** Approvals, waiting ones by default: the oldest first while they wait, the latest first once decided (C59). */
export async function listApprovals(options: { state?: ApprovalState } = {}): Promise<{ approvals: ApprovalView[] }> {
  const state = options.state ?? "pending";
  const prisma = await db();
  const rows = await prisma.operatorApproval.findMany({
    where: { state },
    orderBy: { seq: state === "pending" ? "asc" : "desc" },
    take: 200,
  });
  return { approvals: await approvalViews(prisma, rows) };
}

/** Which of these subjects wait for a second operator (the order and exception pages say so). */
export async function awaitingApproval(subjectType: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const prisma = await db();
  const rows = await prisma.operatorApproval.findMany({
    where: { state: "pending", subjectType, subjectId: { in: ids } },
    select: { subjectId: true },
  });
  return new Set(rows.map((r) => r.subjectId));
}
