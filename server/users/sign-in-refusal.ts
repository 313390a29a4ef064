import { serverClock, type Clock } from "../clock.ts";
import { signInLimiter } from "../security/failure-limiter.ts";
import { emailSchema } from "./users.schemas.ts";

const tooMany = (wait: number) =>
  Response.json(
    { code: 429, status: "Too Many Requests", message: "Too many failed sign-ins; try again later" },
    { status: 429, headers: { "retry-after": String(Math.max(1, wait)) } },
  );

/** Whether the session endpoint's answer is its redirect for a sign-in the limit refused (verify-credentials.ts). */
function refusedByLimit(response: Response): boolean {
  const location = response.headers.get("location");
  if (!location) return false;
  try {
    return new URL(location, "http://localhost").searchParams.get("code") === "rate_limited";
  } catch {
    return false;
  }
}

/**
 * For sign-in posts that reach the session endpoint directly (scripts rather than our screens), around the
 * endpoint's own handling (`handle`): an email locked out by repeated failures gets 429 with Retry-After before any
 * password is checked (C29), and so does an attempt the limit refused while others were under way, which the
 * endpoint itself would answer with a redirect to the sign-in page.
 */
export async function limitedSignInPost<R extends Request>(
  req: R,
  handle: (req: R) => Promise<Response>,
  clock: Clock = serverClock,
): Promise<Response> {
  if (!new URL(req.url).pathname.endsWith("/callback/credentials")) return handle(req);
  const form = await req
    .clone()
    .formData()
    .catch(() => undefined);
  const email = emailSchema.safeParse(form?.get("email"));
  if (!email.success) return handle(req);
  const key = `email:${email.data}`;
  const wait = signInLimiter().retryAfterSeconds(key, clock().getTime());
  if (wait > 0) return tooMany(wait);
  const response = await handle(req);
  return refusedByLimit(response) ? tooMany(signInLimiter().retryAfterSeconds(key, clock().getTime())) : response;
}
