"use server";

import { AuthError } from "next-auth";
import { unstable_rethrow } from "next/navigation";
import { signIn } from "@/app/auth";
import { account as accountCopy } from "@/components/copy/account";
import { getConfig } from "@/server/config";
import { isAppError } from "@/server/errors";
import { resendEmailCode } from "@/server/users/resend-email-code";
import { secondStepFor } from "@/server/operators/second-step";
import { setPasswordWithToken } from "@/server/users/set-password";
import { safeNext } from "@/server/users/safe-next";
import { signUp } from "@/server/users/sign-up";
import { issueSiweNonce } from "@/server/users/siwe-sign-in";
import { verifyEmailCode } from "@/server/users/verify-email-code";
import { accountRequest } from "./action-context";

export type FormResult = { error?: string; fields?: Record<string, string> };

/**
 * An operator's password is only the first step (C57): once it is right, they continue at the second one (a factor
 * they have, or enrolling one), which then leads on to `next`.
 */
async function startSession(email: string, password: string, next: string): Promise<FormResult> {
  const step = await secondStepFor({ email }, getConfig());
  const then =
    step === "none" ? next : `/sign-in/second-factor?next=${encodeURIComponent(safeNext(next, getConfig().appUrl))}`;
  return session("credentials", { email, password }, then);
}

async function session(
  provider: "credentials" | "siwe",
  fields: Record<string, string>,
  next: string,
): Promise<FormResult> {
  try {
    await signIn(provider, { ...fields, redirectTo: safeNext(next, getConfig().appUrl) });
    return {};
  } catch (error) {
    // A successful sign-in ends in a redirect, which Next.js signals by throwing.
    unstable_rethrow(error);
    if (error instanceof AuthError) {
      if (provider === "siwe") {
        const reason = "code" in error && typeof error.code === "string" ? error.code : "refused";
        return { error: accountCopy.siweRefused(reason) };
      }
      const limited = "code" in error && error.code === "rate_limited";
      return {
        error: limited ? accountCopy.rateLimited : accountCopy.wrongPassword,
      };
    }
    throw error;
  }
}

/** Sign in with email and password, then continue where the person was going (a path on this site). */
export async function signInAction(input: { email: string; password: string; next: string }): Promise<FormResult> {
  return startSession(input.email, input.password, input.next);
}

/** A refusal of the domain as the form shows it: field messages beside their fields, anything else above the button. */
function refusal(error: unknown): FormResult {
  if (isAppError(error) && error.code !== "INTERNAL") {
    return { error: error.fields ? undefined : error.message, fields: error.fields };
  }
  throw error;
}

/**
 * Sign up: a code goes to the address (C56). The answer is the same whether or not the address has an account: the
 * ticket the verification form sends back with the code.
 */
export async function signUpAction(input: {
  email: string;
  password: string;
}): Promise<FormResult & { ticket?: string; email?: string }> {
  try {
    return await accountRequest((client) =>
      signUp({ input: { email: input.email, password: input.password }, client, config: getConfig() }),
    );
  } catch (error) {
    return refusal(error);
  }
}

/** The code from the mail: the address is verified, the person is signed in and continues (a path on this site). */
export async function verifyEmailAction(input: {
  ticket: string;
  code: string;
  password: string;
  next: string;
}): Promise<FormResult> {
  let email: string;
  try {
    ({ email } = await accountRequest(() =>
      verifyEmailCode({ input: { ticket: input.ticket, code: input.code }, config: getConfig() }),
    ));
  } catch (error) {
    return refusal(error);
  }
  return startSession(email, input.password, input.next);
}

/** A new code for the sign-up waiting for one. */
export async function resendEmailCodeAction(input: { ticket: string }): Promise<FormResult & { sent?: boolean }> {
  try {
    await accountRequest((client) => resendEmailCode({ input, client, config: getConfig() }));
    return { sent: true };
  } catch (error) {
    return refusal(error);
  }
}

/** A fresh nonce for a Sign-In with Ethereum message. */
export async function siweNonceAction(): Promise<string> {
  return issueSiweNonce();
}

/** Sign in with a signed EIP-4361 message, then continue. */
export async function siweSignInAction(input: {
  message: string;
  signature: string;
  next: string;
}): Promise<FormResult> {
  return session("siwe", { message: input.message, signature: input.signature }, input.next);
}

/**
 * Spend a set-password link. Every session and token of the person ends (C55); after a reset the person is signed in
 * here with the new password.
 */
export async function setPasswordAction(input: {
  token: string;
  password: string;
}): Promise<FormResult & { email?: string }> {
  let set: Awaited<ReturnType<typeof setPasswordWithToken>>;
  try {
    set = await accountRequest(() => setPasswordWithToken(input));
  } catch (error) {
    return refusal(error);
  }
  if (set.purpose !== "reset") return { email: set.email };
  return startSession(set.email, input.password, "/password-changed");
}
