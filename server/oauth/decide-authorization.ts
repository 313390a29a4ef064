import { serverClock, type Clock } from "../clock.ts";
import { getConfig, type Config } from "../config.ts";
import { db, type DbOrTx } from "../db/client.ts";
import { mustVerifyEmail, VERIFY_EMAIL_FIRST } from "../users/email-verification-gate.ts";
import { errorRedirect, redirectWith, type AuthorizationOutcome } from "./authorization-outcome.ts";
import { hashSecret, randomSecret } from "./secrets.ts";

/** RFC 6749 §4.1.2 recommends at most ten minutes. */
export const CODE_TTL_SECONDS = 600;

const GONE: AuthorizationOutcome & { kind: "error-page" } = {
  kind: "error-page",
  status: 400,
  title: "This sign-in has expired",
  message: "The request was already answered or is too old. Go back to the application and start again.",
};

async function openRequest(requestId: string, now: Date) {
  const prisma = await db();
  const request = await prisma.authorizationRequest.findUnique({
    where: { id: requestId },
    include: { client: { select: { applicationId: true } } },
  });
  if (!request || request.completedAt || request.expiresAt.getTime() <= now.getTime()) return undefined;
  return request;
}

/**
 * "Allow" on the consent screen: the application is granted the profile, and the browser goes back to the client
 * with a single-use code bound to the client, redirect URI, PKCE challenge, person and profile.
 */
export async function approveAuthorization(options: {
  requestId: string;
  userId: string;
  profileId: string;
  config?: Config;
  clock?: Clock;
}): Promise<AuthorizationOutcome> {
  const { requestId, userId, profileId, config = getConfig(), clock = serverClock } = options;
  const now = clock();
  const request = await openRequest(requestId, now);
  if (!request) return GONE;
  const prisma = await db();
  const person = await prisma.user.findUnique({
    where: { id: userId },
    select: { emailVerifiedAt: true, passwordHash: true },
  });
  // C56: no consent before the person who signed up on the screens has verified the address.
  if (!person || mustVerifyEmail(person)) {
    return { ...GONE, status: 403, title: "Verify your e-mail address", message: VERIFY_EMAIL_FIRST };
  }
  const member = await prisma.profileMember.findUnique({ where: { userId_profileId: { userId, profileId } } });
  if (!member) return { ...GONE, title: "Not your profile", message: "You cannot grant access to this profile." };

  const code = await prisma.$transaction(async (tx) => {
    // Still open as this writes: a password reset that voided it meanwhile (revoke-sign-ins.ts) wins.
    const { count } = await tx.authorizationRequest.updateMany({
      where: { id: requestId, completedAt: null, expiresAt: { gt: now } },
      data: { completedAt: now },
    });
    if (count !== 1) return undefined;
    return grantAndIssueCode(tx, {
      applicationId: request.client.applicationId,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      userId,
      profileId,
      now,
    });
  });
  if (!code) return GONE;
  return {
    kind: "redirect",
    status: 302,
    location: redirectWith(request.redirectUri, { code }, request.state ?? undefined, config),
  };
}

/**
 * Records the person's consent (the application may act on the profile) and issues a single-use code bound to the
 * client, redirect URI, PKCE challenge, person and profile. Returns the code; only its hash is stored.
 */
export async function grantAndIssueCode(
  tx: DbOrTx,
  options: {
    applicationId: string;
    clientId: string;
    redirectUri: string;
    codeChallenge: string;
    userId: string;
    profileId: string;
    now: Date;
  },
): Promise<string> {
  const { applicationId, profileId, userId, now } = options;
  await tx.applicationGrant.upsert({
    where: { applicationId_profileId: { applicationId, profileId } },
    update: { userId, revokedAt: null },
    create: { applicationId, profileId, userId },
  });
  const code = randomSecret();
  await tx.authorizationCode.create({
    data: {
      codeHash: hashSecret(code),
      clientId: options.clientId,
      redirectUri: options.redirectUri,
      codeChallenge: options.codeChallenge,
      userId,
      profileId,
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
    },
  });
  return code;
}

/** "Deny": back to the client with `error=access_denied`. */
export async function denyAuthorization(options: {
  requestId: string;
  config: Config;
  clock?: Clock;
}): Promise<AuthorizationOutcome> {
  const { requestId, config, clock = serverClock } = options;
  const now = clock();
  const request = await openRequest(requestId, now);
  if (!request) return GONE;
  const prisma = await db();
  const { count } = await prisma.authorizationRequest.updateMany({
    where: { id: requestId, completedAt: null },
    data: { completedAt: now },
  });
  if (count !== 1) return GONE;
  return errorRedirect({
    redirectUri: request.redirectUri,
    state: request.state ?? undefined,
    error: "access_denied",
    description: "The person declined to grant access",
    config,
  });
}
