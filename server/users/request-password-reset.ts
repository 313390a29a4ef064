import { z } from "zod";
import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { validate } from "../validate.ts";
import { takeAccountMail } from "./account-mail-limit.ts";
import { wakePasswordResets } from "./password-reset-job.ts";
import { resetEmailData } from "./reset-request-email.ts";
import { emailSchema } from "./users.schemas.ts";

export const passwordResetRequestSchema = z.object({ email: emailSchema });

/**
 * "Forgot password?": if the address has an account, a single-use link to choose a new password goes to it (only the
 * token's hash is stored). The caller learns nothing either way: the answer is the same, the limits per address
 * and per client count every request, and the work done before answering is the same too — one queued row, for
 * every address (C55). Whether the address has an account is looked up afterwards, by the job that takes the row
 * (send-password-resets.ts), so neither the answer nor its time tells.
 */
export async function requestPasswordReset(options: { input: unknown; client: string; clock?: Clock }): Promise<void> {
  const { clock = serverClock } = options;
  const { email } = validate(passwordResetRequestSchema, options.input);
  const now = clock();
  takeAccountMail(email, options.client, now);
  const prisma = await db();
  await prisma.passwordResetRequest.create({ data: { ...resetEmailData(email), requestedAt: now } });
  wakePasswordResets();
}
