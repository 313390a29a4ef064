"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getConfig } from "@/server/config";
import { MAX_ID, MAX_TEXT } from "@/server/limits";
import { acknowledgeSupplyAlert } from "@/server/reserves/acknowledge-alert";
import { askToReleaseMint } from "@/server/reserves/release-mint";
import { asOperator, type OperatorResult } from "../as-operator";

/** A treasurer asks for a held mint's release; a second operator approves it on the approvals page (C69). */
export async function askReleaseAction(input: unknown): Promise<OperatorResult<"asked">> {
  return asOperator("treasurer", z.object({ orderId: z.string().max(MAX_ID) }), input, async (actor, { orderId }) => {
    await askToReleaseMint({ orderId, actor, config: getConfig() });
    revalidatePath("/operator/supply");
    return "asked" as const;
  });
}

/** An admin acknowledges a supply alert, with what they found (C69). */
export async function acknowledgeAlertAction(input: unknown): Promise<OperatorResult<"acknowledged">> {
  return asOperator(
    "admin",
    z.object({ alertId: z.string().max(MAX_ID), note: z.string().max(MAX_TEXT).trim().min(1, "Say what you found") }),
    input,
    async (actor, { alertId, note }) => {
      await acknowledgeSupplyAlert({ alertId, note, actor });
      revalidatePath("/operator/supply");
      return "acknowledged" as const;
    },
  );
}
