"use server";

import { AuthError } from "next-auth";
import { unstable_rethrow } from "next/navigation";
import { signIn } from "@/app/auth";
import { account as accountCopy } from "@/components/copy/account";
import { getConfig } from "@/server/config";
import { isAppError } from "@/server/errors";
import { secondStepFor } from "@/server/operators/second-step";
import { setPasswordWithToken } from "@/server/users/set-password";
import { safeNext } from "@/server/users/safe-next";
import { signUp } from "@/server/users/sign-up";
import { issueSiweNonce } from "@/server/users/siwe-sign-in";

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

/** Create an account and its personal profile, sign in, continue. */
export async function signUpAction(input: { email: string; password: string; next: string }): Promise<FormResult> {
  try {
    await signUp({ email: input.email, password: input.password });
  } catch (error) {
    if (isAppError(error) && (error.code === "CONFLICT" || error.code === "VALIDATION")) {
      return { error: error.code === "CONFLICT" ? error.message : undefined, fields: error.fields };
    }
    throw error;
  }
  return startSession(input.email, input.password, input.next);
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

/** Spend a set-password link. */
export async function setPasswordAction(input: {
  token: string;
  password: string;
}): Promise<FormResult & { email?: string }> {
  try {
    return await setPasswordWithToken(input);
  } catch (error) {
    if (isAppError(error) && (error.code === "BAD_REQUEST" || error.code === "VALIDATION")) {
      return { error: error.code === "BAD_REQUEST" ? error.message : undefined, fields: error.fields };
    }
    throw error;
  }
}
