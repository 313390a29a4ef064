import { auth } from "@/app/auth";
import { developersCopy } from "@/components/copy/developers";
import { isAppError } from "@/server/errors";

/** What a portal action answers: its value, or what went wrong (field errors keyed by dotted path). */
export type ActionResult<T> = { ok: true; value: T } | { ok: false; error?: string; fields?: Record<string, string> };

/**
 * Runs a portal action for the signed-in developer: refusals of the domain come back as the form's errors, anything
 * else fails loudly. Not a server action itself (no "use server" here): the actions call it.
 */
export async function developerAction<T>(fn: (userId: string) => Promise<T>): Promise<ActionResult<T>> {
  const userId = (await auth())?.user?.id;
  if (!userId) return { ok: false, error: developersCopy.notSignedIn };
  try {
    return { ok: true, value: await fn(userId) };
  } catch (error) {
    if (isAppError(error)) return { ok: false, error: error.fields ? undefined : error.message, fields: error.fields };
    throw error;
  }
}

/** A logo sent in a form, read into memory (it is small; the form refuses big files before sending). */
export async function logoOf(form: FormData): Promise<{ name: string; bytes: Uint8Array } | undefined> {
  const file = form.get("logo");
  if (!(file instanceof File) || file.size === 0) return undefined;
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
