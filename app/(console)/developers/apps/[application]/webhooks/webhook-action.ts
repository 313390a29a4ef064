import type { z } from "zod";
import { auth } from "@/app/auth";
import { developerApplication, developerCaller } from "@/server/applications/developer-access";
import { AppError, isAppError } from "@/server/errors";
import { validate } from "@/server/validate";
import type { Caller } from "@/server/oauth/caller";

/** What a webhook action answers when the domain refuses: a message, or messages keyed by field. */
export type ActionRefusal = { error?: string; fields?: Record<string, string> };

/**
 * Runs a webhook action of the developer portal: the input is checked with the form's schema, the signed-in person
 * must be allowed to manage the application it names, and the domain's refusals come back as the form's errors.
 *
 * Not a server action itself (this module has no "use server"): the actions call it.
 */
export async function webhookAction<S extends z.ZodType<{ application: string }>, R>(
  schema: S,
  input: unknown,
  fn: (caller: Caller, values: z.output<S>) => Promise<R>,
): Promise<R | ActionRefusal> {
  try {
    const values = validate(schema, input);
    const userId = (await auth())?.user?.id;
    if (!userId) throw new AppError("UNAUTHENTICATED", "Your session has ended: sign in again.");
    const app = await developerApplication({ userId, applicationId: values.application });
    return await fn(developerCaller(app, userId), values);
  } catch (error) {
    if (isAppError(error)) return { error: error.fields ? undefined : error.message, fields: error.fields };
    throw error;
  }
}
