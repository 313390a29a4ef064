import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { serverClock } from "@/server/clock";
import { getConfig } from "@/server/config";
import { isAppError } from "@/server/errors";
import { logger } from "@/server/logging/logger";
import { redeemSessionTicket } from "@/server/operators/session-ticket";
import { authErrorLevel } from "@/server/users/auth-error-level";
import { credentialVersion } from "@/server/users/credential-version";
import { safeNext } from "@/server/users/safe-next";
import { verifySiweSignIn } from "@/server/users/siwe-sign-in";
import { verifyCredentials } from "@/server/users/verify-credentials";
import type { WebSession } from "@/server/users/web-session";

declare module "next-auth" {
  interface Session {
    /** Whether this session passed a second factor after the password (C57). */
    secondFactor?: boolean;
  }
}

/** Too many failed sign-ins for this email (C29); the form says so instead of "wrong password". */
export class SignInRateLimited extends CredentialsSignin {
  override code = "rate_limited";
}

/** Sign-In with Ethereum refused; the reason (e.g. "the address is not linked on amoy") is the person's to see. */
export class SiweRefused extends CredentialsSignin {
  constructor(reason: string) {
    super(reason);
    this.code = reason;
  }
}

/**
 * People signing into the web app (JWT sessions). Its routes live under /web-auth so that /api/auth stays the
 * API's OAuth server. Configured lazily: the secret comes from the validated configuration at request time.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: getConfig().secret,
  basePath: "/web-auth",
  trustHost: true,
  session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
  pages: { signIn: "/sign-in" },
  logger: {
    // A wrong password or a forged session cookie is the client's doing, not an error with a stack trace.
    error: (error) => {
      const level = authErrorLevel(error);
      if (level === "error") logger().error({ err: error }, "authentication error");
      else logger()[level]({ kind: "type" in error ? error.type : error.name }, "authentication refused");
    },
    warn: (code) => logger().warn({ code }, "authentication warning"),
    debug: () => undefined,
  },
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      authorize: async (credentials) => {
        try {
          const person = await verifyCredentials(credentials);
          return person ? { id: person.userId, email: person.email, name: person.name } : null;
        } catch (error) {
          if (isAppError(error) && error.code === "TOO_MANY_REQUESTS") throw new SignInRateLimited();
          throw error;
        }
      },
    }),
    // Sign-In with Ethereum for customers with a linked address (nonce issued by siweNonceAction).
    Credentials({
      id: "siwe",
      name: "Ethereum",
      credentials: { message: {}, signature: {} },
      authorize: async (credentials) => {
        const result = await verifySiweSignIn({
          message: typeof credentials.message === "string" ? credentials.message : undefined,
          signature: typeof credentials.signature === "string" ? credentials.signature : undefined,
          config: getConfig(),
        });
        if (!result.ok) throw new SiweRefused(result.reason);
        return { id: result.userId, email: result.email, name: result.name };
      },
    }),
    // The second step of an operator's sign-in: a ticket issued in the same request, once the passkey, TOTP code or
    // recovery code was verified for the person the password session names (session-ticket.ts). Never reaches the
    // browser; a forged or spent one signs nobody in.
    Credentials({
      id: "second-factor",
      name: "Second factor",
      credentials: { ticket: {} },
      authorize: async (credentials) => {
        const ticket = typeof credentials.ticket === "string" ? credentials.ticket : "";
        const person = await redeemSessionTicket(ticket, serverClock());
        return person ? { id: person.userId, email: person.email, name: person.name } : null;
      },
    }),
  ],
  callbacks: {
    // Every place next-auth itself sends the browser (`callbackUrl`, `redirectTo`, its callback-url cookie) stays on
    // the origin the request came to (C39).
    redirect: ({ url, baseUrl }) => new URL(safeNext(url, baseUrl), baseUrl).href,
    // A session carries the person's credential version from its sign-in; every `auth()` compares it with the stored
    // one, so a password set through a link (a reset) ends every older session at once (C55), as does a person gone.
    // It also carries how it was won, as RFC 8176 names it: a password ("pwd"), a wallet ("siwe"), or a password and
    // then a second factor ("mfa"). Set at sign-in only: an update of the session (which the browser can ask for)
    // keeps it.
    jwt: async ({ token, user, account }) => {
      if (user?.id) {
        token.credentialVersion = (await credentialVersion(user.id)) ?? 0;
        if (account) {
          token.amr =
            account.provider === "second-factor" ? ["pwd", "mfa"] : [account.provider === "siwe" ? "siwe" : "pwd"];
        }
        return token;
      }
      if (!token.sub) return token;
      const current = await credentialVersion(token.sub);
      const carried = typeof token.credentialVersion === "number" ? token.credentialVersion : 0;
      return current === carried ? token : null;
    },
    session: ({ session, token }) => ({
      ...session,
      secondFactor: Array.isArray(token.amr) && token.amr.includes("mfa"),
      user: { ...session.user, id: token.sub ?? "" },
    }),
  },
}));

/** The signed-in person and whether the session passed a second factor: what decides who is an operator. */
export async function webSession(): Promise<WebSession | undefined> {
  const session = await auth();
  const userId = session?.user?.id;
  return userId ? { userId, secondFactor: session.secondFactor === true } : undefined;
}

/** The signed-in person's id, for route handlers that hand it to the domain. */
export async function sessionUserId(): Promise<string | undefined> {
  return (await auth())?.user?.id ?? undefined;
}
