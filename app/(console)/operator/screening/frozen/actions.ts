"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { MAX_ID } from "@/server/limits";
import { caseDecisionSchema } from "@/server/screening/cases/cases.schemas";
import { requestUnfreeze } from "@/server/screening/cases/decide-case";
import { asOperator, type OperatorResult } from "../../as-operator";

const unfreezeInput = caseDecisionSchema.extend({ profileId: z.string().max(MAX_ID) });

/** Ask a second compliance officer to unfreeze a profile (C66), with the reason. */
export async function unfreezeAction(input: unknown): Promise<OperatorResult<"awaiting">> {
  return asOperator("compliance", unfreezeInput, input, async (actor, { profileId, reason }) => {
    await requestUnfreeze({ profileId, reason, actor });
    revalidatePath("/operator/screening/frozen");
    return "awaiting" as const;
  });
}
