"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getConfig } from "@/server/config";
import { serverClock } from "@/server/clock";
import { MAX_ID } from "@/server/limits";
import { regenerateRecoveryCodes } from "@/server/operators/recovery-codes";
import { removeFactor } from "@/server/operators/remove-factor";
import { ANY_OPERATOR } from "@/server/operators/operator-roles";
import { asOperator, type OperatorResult } from "../as-operator";

const factorSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("passkey"), id: z.string().max(MAX_ID).pipe(z.uuid()) }),
  z.object({ kind: z.literal("totp") }),
]);

/** Removes one of the operator's own factors (never the last one where a second factor is required). */
export async function removeFactorAction(input: unknown): Promise<OperatorResult<null>> {
  const result = await asOperator(ANY_OPERATOR, factorSchema, input, async (actor, factor) => {
    await removeFactor({ actor, factor, config: getConfig() }, serverClock());
    return null;
  });
  revalidatePath("/operator/security");
  return result;
}

/** Ten new recovery codes, shown once; the old ones stop working. */
export async function regenerateRecoveryCodesAction(): Promise<OperatorResult<string[]>> {
  return asOperator(ANY_OPERATOR, z.object({}), {}, (actor) => regenerateRecoveryCodes({ actor, now: serverClock() }));
}
