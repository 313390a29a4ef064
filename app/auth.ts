import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getConfig } from "@/server/config";
import { isAppError } from "@/server/errors";
import { logger } from "@/server/logging/logger";
import { authErrorLevel } from "@/server/users/auth-error-level";
import { credentialVersion } from "@/server/users/credential-version";
import { safeNext } from "@/server/users/safe-next";
import { verifySiweSignIn } from "@/server/users/siwe-sign-in";
import { verifyCredentials } from "@/server/users/verify-credentials";

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
  ],
  callbacks: {
    // Every place next-auth itself sends the browser (`callbackUrl`, `redirectTo`, its callback-url cookie) stays on
    // the origin the request came to (C39).
    redirect: ({ url, baseUrl }) => new URL(safeNext(url, baseUrl), baseUrl).href,
    // A session carries the person's credential version from its sign-in; every `auth()` compares it with the stored
    // one, so a password set through a link (a reset) ends every older session at once (C55), as does a person gone.
    jwt: async ({ token, user }) => {
      if (user?.id) return { ...token, credentialVersion: (await credentialVersion(user.id)) ?? 0 };
      if (!token.sub) return token;
      const current = await credentialVersion(token.sub);
      const carried = typeof token.credentialVersion === "number" ? token.credentialVersion : 0;
      return current === carried ? token : null;
    },
    session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.sub ?? "" } }),
  },
}));

/** The signed-in person's id, for route handlers that hand it to the domain. */
export async function sessionUserId(): Promise<string | undefined> {
  return (await auth())?.user?.id ?? undefined;
}
