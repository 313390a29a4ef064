import { serverClock, type Clock } from "../clock.ts";
import { signInLimiter } from "../security/failure-limiter.ts";
import { emailSchema } from "./users.schemas.ts";

/**
 * For sign-in posts that reach the session endpoint directly (scripts rather than our screens): an email locked
 * out by repeated failures gets 429 with Retry-After before any password is checked (C29).
 */
export async function signInRefusal(req: Request, clock: Clock = serverClock): Promise<Response | undefined> {
  if (!new URL(req.url).pathname.endsWith("/callback/credentials")) return undefined;
  const form = await req.formData().catch(() => undefined);
  const email = emailSchema.safeParse(form?.get("email"));
  if (!email.success) return undefined;
  const wait = signInLimiter().retryAfterSeconds(`email:${email.data}`, clock().getTime());
  if (wait === 0) return undefined;
  return Response.json(
    { code: 429, status: "Too Many Requests", message: "Too many failed sign-ins; try again later" },
    { status: 429, headers: { "retry-after": String(wait) } },
  );
}
