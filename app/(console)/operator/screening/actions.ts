"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getConfig } from "@/server/config";
import { publishTestListUpdate } from "@/server/screening/sandbox/test-list";
import { asOperator, type OperatorResult } from "../as-operator";

/** The simulator's "publish list update": the sandbox test list's next version (sandbox only). */
export async function publishTestListAction(input: unknown): Promise<OperatorResult<number>> {
  return asOperator("compliance", z.object({}), input, async (actor) => {
    const result = await publishTestListUpdate({ environment: getConfig().environment, actor });
    revalidatePath("/operator/screening");
    return result.version.number;
  });
}
