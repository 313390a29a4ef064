"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signIn, webSession } from "@/app/auth";
import { securityCopy } from "@/components/copy/security";
import { serverClock } from "@/server/clock";
import { getConfig } from "@/server/config";
import { isAppError } from "@/server/errors";
import { requestIdFrom } from "@/server/http/request-id";
import { acceptInvitation } from "@/server/operators/accept-invitation";
import { mayEnrol } from "@/server/operators/may-enrol";
import {
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  verifyPasskeyAuthentication,
  verifyPasskeyRegistration,
} from "@/server/operators/passkeys";
import { recoveryCodesIfNone, spendRecoveryCode } from "@/server/operators/recovery-codes";
import { issueSessionTicket, type SecondFactorMethod } from "@/server/operators/session-ticket";
import { confirmTotpEnrolment, startTotpEnrolment, verifyTotp, type TotpEnrolment } from "@/server/operators/totp";
import { passkeyNameSchema, recoveryCodeSchema, totpCodeSchema } from "@/server/operators/operators.schemas";
import { safeNext } from "@/server/users/safe-next";
import { validate } from "@/server/validate";

export type FactorResult<T = undefined> = { ok?: T; error?: string; fields?: Record<string, string> };

const copy = securityCopy;

/** Marks the current session as having passed a second factor (a fresh single-use ticket, redeemed at once). */
async function upgradeSession(userId: string, method: SecondFactorMethod, next: string): Promise<void> {
  const ticket = await issueSessionTicket(userId, method, serverClock());
  await signIn("second-factor", { ticket, redirectTo: safeNext(next, getConfig().appUrl) });
}

async function actor(userId: string) {
  return { userId, requestId: requestIdFrom(await headers()) };
}

/** Domain refusals become the form's errors; anything else fails loudly. */
function refused(error: unknown): FactorResult<never> {
  if (isAppError(error)) return { error: error.fields ? undefined : error.message, fields: error.fields };
  throw error;
}

// --- The second step of signing in ---

/** Options for the passkey ceremony of the signed-in (password) session's person. */
export async function passkeySignInOptionsAction(): Promise<FactorResult<unknown>> {
  const session = await webSession();
  if (!session) return { error: copy.secondStep.signInAgain };
  try {
    return { ok: await passkeyAuthenticationOptions(session.userId, getConfig(), serverClock()) };
  } catch (error) {
    return refused(error);
  }
}

export async function passkeySignInAction(input: { response: unknown; next: string }): Promise<FactorResult> {
  const session = await webSession();
  if (!session) return { error: copy.secondStep.signInAgain };
  let ok: boolean;
  try {
    ok = await verifyPasskeyAuthentication(
      { userId: session.userId, response: input.response },
      getConfig(),
      serverClock(),
    );
  } catch (error) {
    return refused(error);
  }
  if (!ok) return { error: copy.secondStep.passkeyFailed };
  await upgradeSession(session.userId, "passkey", input.next);
  return {};
}

export async function totpSignInAction(input: { code: string; next: string }): Promise<FactorResult> {
  const session = await webSession();
  if (!session) return { error: copy.secondStep.signInAgain };
  let ok: boolean;
  try {
    const { code } = validate(totpCodeSchema, { code: input.code });
    ok = await verifyTotp(session.userId, code, serverClock());
  } catch (error) {
    return refused(error);
  }
  if (!ok) return { fields: { code: copy.secondStep.wrongCode } };
  await upgradeSession(session.userId, "totp", input.next);
  return {};
}

export async function recoveryCodeSignInAction(input: { code: string; next: string }): Promise<FactorResult> {
  const session = await webSession();
  if (!session) return { error: copy.secondStep.signInAgain };
  let ok: boolean;
  try {
    const { code } = validate(recoveryCodeSchema, { code: input.code });
    ok = await spendRecoveryCode({ userId: session.userId, code, actor: await actor(session.userId) }, serverClock());
  } catch (error) {
    return refused(error);
  }
  if (!ok) return { fields: { code: copy.secondStep.wrongRecovery } };
  await upgradeSession(session.userId, "recovery-code", input.next);
  return {};
}

// --- Enrolling a factor (the first one at sign-in, or more from the console) ---

export type Enrolled = { recoveryCodes?: string[]; ticket?: string };

/**
 * After a factor is added, a person who has no recovery codes yet gets their ten, shown once. A session that has not
 * passed a second factor gets a ticket to do so (the person just proved the new factor): the page spends it with
 * `continueAfterEnrolmentAction` once the codes were read, since changing the session now would replace the page.
 */
async function afterEnrolment(userId: string, method: SecondFactorMethod, secondFactor: boolean): Promise<Enrolled> {
  const now = serverClock();
  const recoveryCodes = await recoveryCodesIfNone({ userId, actor: await actor(userId), now });
  return { recoveryCodes, ticket: secondFactor ? undefined : await issueSessionTicket(userId, method, now) };
}

/** Spends the ticket of a factor just enrolled: the session has passed it; on to `next`. */
export async function continueAfterEnrolmentAction(input: { ticket: string; next: string }): Promise<FactorResult> {
  const session = await webSession();
  if (!session) return { error: copy.secondStep.signInAgain };
  await signIn("second-factor", {
    ticket: String(input.ticket).slice(0, 100),
    redirectTo: safeNext(input.next, getConfig().appUrl),
  });
  return {};
}

export async function passkeyRegistrationOptionsAction(): Promise<FactorResult<unknown>> {
  const session = await webSession();
  if (!(await mayEnrol(session))) return { error: copy.enrol.notAllowed };
  return { ok: await passkeyRegistrationOptions(session!.userId, getConfig(), serverClock()) };
}

export async function passkeyRegistrationAction(input: {
  response: unknown;
  name: string;
}): Promise<FactorResult<Enrolled>> {
  const session = await webSession();
  if (!session || !(await mayEnrol(session))) return { error: copy.enrol.notAllowed };
  try {
    const { name } = validate(passkeyNameSchema, { name: input.name });
    await verifyPasskeyRegistration(
      { userId: session.userId, response: input.response, name, actor: await actor(session.userId) },
      getConfig(),
      serverClock(),
    );
  } catch (error) {
    return refused(error);
  }
  return { ok: await afterEnrolment(session.userId, "passkey", session.secondFactor) };
}

export async function startTotpAction(): Promise<FactorResult<TotpEnrolment>> {
  const session = await webSession();
  if (!session || !(await mayEnrol(session))) return { error: copy.enrol.notAllowed };
  try {
    return { ok: await startTotpEnrolment(session.userId, getConfig()) };
  } catch (error) {
    return refused(error);
  }
}

export async function confirmTotpAction(input: { code: string }): Promise<FactorResult<Enrolled>> {
  const session = await webSession();
  if (!session || !(await mayEnrol(session))) return { error: copy.enrol.notAllowed };
  try {
    const { code } = validate(totpCodeSchema, { code: input.code });
    await confirmTotpEnrolment({ userId: session.userId, code, actor: await actor(session.userId) }, serverClock());
  } catch (error) {
    return refused(error);
  }
  return { ok: await afterEnrolment(session.userId, "totp", session.secondFactor) };
}

// --- Accepting an operator invitation ---

export async function acceptInvitationAction(input: {
  token: string;
  name?: string;
  password?: string;
}): Promise<FactorResult> {
  const session = await webSession();
  let accepted;
  try {
    accepted = await acceptInvitation({ ...input, signedInUserId: session?.userId }, serverClock());
  } catch (error) {
    return refused(error);
  }
  // A new operator enrols a factor at once, also where the instance does not require one (the sandbox).
  const enrol = `/sign-in/second-factor?enrol=1&next=${encodeURIComponent("/operator")}`;
  if (input.password) {
    await signIn("credentials", { email: accepted.email, password: input.password, redirectTo: enrol });
  }
  redirect(enrol);
}
