"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getConfig } from "@/server/config";
import { MAX_ID } from "@/server/limits";
import { changeOperatorRoles } from "@/server/operators/change-operator-roles";
import { inviteOperatorByAdmin } from "@/server/operators/invite-operator-by-admin";
import { inviteOperatorSchema, operatorRolesSchema } from "@/server/operators/operators.schemas";
import { setOperatorEnabled } from "@/server/operators/set-operator-enabled";
import { asOperator, type OperatorResult } from "../as-operator";

const operatorRef = z.object({ userId: z.string().max(MAX_ID) });

/** Change an operator's roles, as the signed-in admin: made at once, or (four eyes) waiting for a second admin. */
export async function changeRolesAction(input: unknown): Promise<OperatorResult<"changed" | "awaiting">> {
  return asOperator("admin", operatorRef.extend(operatorRolesSchema.shape), input, async (actor, { userId, roles }) => {
    const outcome = await changeOperatorRoles({ userId, roles, actor, config: getConfig() });
    revalidatePath("/operator/operators");
    return "approval" in outcome ? "awaiting" : "changed";
  });
}

/** Disable or enable an operator, as the signed-in admin. */
export async function setEnabledAction(input: unknown): Promise<OperatorResult<boolean>> {
  return asOperator(
    "admin",
    operatorRef.extend({ enabled: z.boolean() }),
    input,
    async (actor, { userId, enabled }) => {
      const view = await setOperatorEnabled({ userId, enabled, actor });
      revalidatePath("/operator/operators");
      return view.enabled;
    },
  );
}

/** Invite a colleague by e-mail with roles, as the signed-in admin (the link goes to them by mail). */
export async function inviteOperatorAction(input: unknown): Promise<OperatorResult<string>> {
  return asOperator("admin", inviteOperatorSchema, input, async (actor, invitation) => {
    const sent = await inviteOperatorByAdmin({ invitation, actor, config: getConfig() });
    return sent.email;
  });
}
