"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { decideApprovalSchema } from "@/server/approvals/approval.schemas";
import { decideApproval } from "@/server/approvals/decide-approval";
import { getConfig } from "@/server/config";
import { MAX_ID } from "@/server/limits";
import { ANY_OPERATOR } from "@/server/operators/operator-roles";
import { asOperator, type OperatorResult } from "../as-operator";

const approvalRef = z.object({ approvalId: z.string().max(MAX_ID) });

/** Approve or decline another operator's request; the domain checks the role each action needs. */
export async function decideApprovalAction(input: unknown): Promise<OperatorResult<"approved" | "rejected">> {
  return asOperator(
    ANY_OPERATOR,
    approvalRef.extend(decideApprovalSchema.shape),
    input,
    async (actor, { approvalId, decision, note }) => {
      const { approval } = await decideApproval({ approvalId, decision, note, actor, config: getConfig() });
      revalidatePath("/operator/approvals");
      return approval.state === "approved" ? "approved" : "rejected";
    },
  );
}
