import { MAX_EMAIL } from "../../server/limits.ts";

/**
 * The sign-up and sign-in rules of `server/users/users.schemas.ts`, checked in the browser before the account form is
 * sent. The sign-up step is the first screen a person sees; zod there, even its tree-shakable build, would be most of
 * what the step's own code weighs for two fields (benchmark P6). The server validates again with its schemas, and
 * `account-rules.test.ts` holds these rules to the same answers: the same values, the same first message per field.
 */

/** Zod's email pattern (`z.regexes.email`), which the server's `.email()` applies; the test compares the two. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
const MAX_PASSWORD = 200;
const MIN_NEW_PASSWORD = 10;

export type AccountMode = "signup" | "login";
export type AccountField = "email" | "password";
export type Credentials = Record<AccountField, string>;
/** The first message for each field, as the form shows them. */
export type FieldMessages = Partial<Record<AccountField, string>>;

/** Trimmed, the address is measured; in lower case, it is matched and kept (as the server's schema does). */
function emailMessage(trimmed: string): string | undefined {
  if (trimmed.length > MAX_EMAIL) return `Use at most ${MAX_EMAIL} characters`;
  if (!EMAIL_PATTERN.test(trimmed.toLowerCase())) return "Enter a valid email address";
  return undefined;
}

function passwordMessage(mode: AccountMode, password: string): string | undefined {
  if (mode === "signup" && password.length < MIN_NEW_PASSWORD) return `Use at least ${MIN_NEW_PASSWORD} characters`;
  if (mode === "login" && password.length === 0) return "Enter your password";
  if (password.length > MAX_PASSWORD) return `Use at most ${MAX_PASSWORD} characters`;
  return undefined;
}

/** Checks what was typed: the values to send (the email trimmed and in lower case) or a message per field. */
export function checkCredentials(
  mode: AccountMode,
  input: Credentials,
): { ok: true; values: Credentials } | { ok: false; messages: FieldMessages } {
  const trimmed = input.email.trim();
  const messages: FieldMessages = {};
  const wrongEmail = emailMessage(trimmed);
  const wrongPassword = passwordMessage(mode, input.password);
  if (wrongEmail) messages.email = wrongEmail;
  if (wrongPassword) messages.password = wrongPassword;
  if (wrongEmail || wrongPassword) return { ok: false, messages };
  return { ok: true, values: { email: trimmed.toLowerCase(), password: input.password } };
}
