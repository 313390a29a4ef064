import type { OperatorApproval, Prisma } from "../generated/prisma/client.ts";
import type { ApprovalAction, ApprovalView } from "./approval.responses.ts";
import { openEmail } from "../users/user-email.ts";
import { loadSubjectKeys } from "../keys/subject-keys.ts";
import { approvalText, approvalValues } from "./approval-text.ts";

/** The approval as the console and the admin API show it, with the operators' emails. */
export async function approvalViews(tx: Prisma.TransactionClient, rows: OperatorApproval[]): Promise<ApprovalView[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.requestedById, ...(r.decidedById ? [r.decidedById] : [])]))];
  const people = await tx.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  const emails = new Map(people.map((p) => [p.id, openEmail(p.email)]));
  const person = (id: string) => ({ id, email: emails.get(id) ?? "" });
  const keys = await loadSubjectKeys(tx, rows.flatMap(approvalValues));
  return rows.map((row) => {
    // Sealed at rest (C70; ./approval-text.ts), opened for the operators; an erased customer's read as erased (C71).
    const { payload, summary, note } = approvalText(row, keys);
    return {
      id: row.id,
      action: row.action as ApprovalAction,
      subject: { type: row.subjectType as ApprovalView["subject"]["type"], id: row.subjectId },
      summary,
      payload,
      state: row.state,
      requestedBy: person(row.requestedById),
      requestedAt: row.requestedAt.toISOString(),
      decidedBy: row.decidedById ? person(row.decidedById) : null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      note,
    };
  });
}

export async function approvalView(tx: Prisma.TransactionClient, row: OperatorApproval): Promise<ApprovalView> {
  const [view] = await approvalViews(tx, [row]);
  return view!;
}
