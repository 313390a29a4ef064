"use server";

import { revalidatePath } from "next/cache";
import { sendAgainSchema, sendMailAgain } from "@/server/outbox/send-mail-again";
import { asOperator } from "../as-operator";

/** Send a failed or uncertain mail again: the operator's explicit, audited choice. */
export async function sendAgainAction(form: FormData): Promise<void> {
  await asOperator(sendAgainSchema, { id: form.get("id") }, (operator, { id }) => sendMailAgain({ id, operator }));
  revalidatePath("/operator/outbox");
}
