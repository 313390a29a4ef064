"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { MAX_ID } from "@/server/limits";
import { caseDecisionSchema } from "@/server/screening/cases/cases.schemas";
import { clearCase, requestCaseConfirmation } from "@/server/screening/cases/decide-case";
import { asOperator, type OperatorResult } from "../../as-operator";

const caseRef = caseDecisionSchema.extend({ caseId: z.string().max(MAX_ID) });

/** Clear a case as a false positive, with the reason. */
export async function clearCaseAction(input: unknown): Promise<OperatorResult<"cleared">> {
  return asOperator("compliance", caseRef, input, async (actor, { caseId, reason }) => {
    await clearCase({ caseId, reason, actor });
    revalidatePath("/operator/screening/cases");
    return "cleared" as const;
  });
}

/** Ask a second compliance officer to confirm the hit (which freezes the profile). */
export async function confirmCaseAction(input: unknown): Promise<OperatorResult<"awaiting">> {
  return asOperator("compliance", caseRef, input, async (actor, { caseId, reason }) => {
    await requestCaseConfirmation({ caseId, reason, actor });
    revalidatePath("/operator/screening/cases");
    return "awaiting" as const;
  });
}
