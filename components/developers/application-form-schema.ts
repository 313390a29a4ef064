import { z } from "zod";
import {
  MAX_REDIRECT_URIS,
  applicationNameSchema,
  kycModelSchema,
  redirectUriSchema,
} from "@/server/applications/portal.schemas";

/**
 * The portal's application forms: the server's schemas, with redirect URIs as rows (`{ uri }`, which the form's
 * field array needs). `toInput` turns the rows back into the list the server takes.
 */
const rows = z
  .array(z.object({ uri: redirectUriSchema }))
  .min(1, "Add at least one redirect URI")
  .max(MAX_REDIRECT_URIS, `Use at most ${MAX_REDIRECT_URIS} redirect URIs`);

export const registerFormSchema = z.object({
  name: applicationNameSchema,
  profileId: z.string().min(1, "Choose a profile"),
  kycModel: kycModelSchema,
  redirectUris: rows,
});
export type RegisterForm = z.input<typeof registerFormSchema>;

export const detailsFormSchema = z.object({ name: applicationNameSchema, redirectUris: rows });
export type DetailsForm = z.input<typeof detailsFormSchema>;

export function toInput<T extends { redirectUris: { uri: string }[] }>(
  values: T,
): Omit<T, "redirectUris"> & { redirectUris: string[] } {
  return { ...values, redirectUris: values.redirectUris.map((r) => r.uri.trim()) };
}

/** A server field error's key as the form knows it: `redirectUris.2` is the row's `redirectUris.2.uri`. */
export function formField(key: string): string {
  return /^redirectUris\.\d+$/.test(key) ? `${key}.uri` : key;
}
