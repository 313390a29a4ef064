import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { logger } from "../logging/logger.ts";
import { hashSecret } from "../oauth/secrets.ts";
import { validate } from "../validate.ts";
import { passkeyResponseSchema } from "./operators.schemas.ts";
import { limitedAttempt } from "./second-factor-attempts.ts";
import { openEmail, openName } from "../users/user-email.ts";

/** A ceremony's challenge is good for five minutes, once. */
const CHALLENGE_MS = 5 * 60_000;
const TIMEOUT_MS = 2 * 60_000;

type Purpose = "passkey-registration" | "passkey-authentication";

/** The relying party is the app itself: its URL's host names it, its origin is the only one accepted. */
function relyingParty(config: Config) {
  const url = new URL(config.appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

async function storeChallenge(userId: string, purpose: Purpose, challenge: string, now: Date): Promise<void> {
  const prisma = await db();
  await prisma.operatorChallenge.create({
    data: { userId, purpose, valueHash: hashSecret(challenge), expiresAt: new Date(now.getTime() + CHALLENGE_MS) },
  });
}

/** Spends a challenge we issued to this person for this ceremony: single-use, short-lived, stored as a hash. */
function challengeSpender(userId: string, purpose: Purpose, now: Date) {
  return async (challenge: string): Promise<boolean> => {
    const prisma = await db();
    const { count } = await prisma.operatorChallenge.updateMany({
      where: { valueHash: hashSecret(challenge), userId, purpose, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    return count === 1;
  };
}

/** Options for adding a passkey: the person's existing ones excluded, user verification preferred. */
export async function passkeyRegistrationOptions(
  userId: string,
  config: Config,
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const prisma = await db();
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, name: true, passkeys: { select: { credentialId: true, transports: true } } },
  });
  const options = await generateRegistrationOptions({
    rpName: "Tokenrail",
    rpID: relyingParty(config).rpID,
    userName: openEmail(user.email),
    userDisplayName: openName(user.name) || openEmail(user.email),
    userID: new TextEncoder().encode(userId),
    attestationType: "none",
    timeout: TIMEOUT_MS,
    excludeCredentials: user.passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await storeChallenge(userId, "passkey-registration", options.challenge, now);
  return options;
}

/** Verifies the browser's answer to the registration options and keeps the credential (audit-logged). */
export async function verifyPasskeyRegistration(
  options: { userId: string; response: unknown; name: string; actor: AuditActor },
  config: Config,
  now: Date,
): Promise<void> {
  const response = validate(passkeyResponseSchema, options.response) as RegistrationResponseJSON;
  const { rpID, origin } = relyingParty(config);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challengeSpender(options.userId, "passkey-registration", now),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    logger().info({ err: error }, "passkey registration refused");
    throw new AppError("BAD_REQUEST", "The passkey could not be added; try again");
  }
  if (!verification.verified) throw new AppError("BAD_REQUEST", "The passkey could not be added; try again");
  const { credential } = verification.registrationInfo;
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const created = await tx.passkey.create({
      data: {
        userId: options.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: credential.transports ?? [],
        name: options.name || "Passkey",
        createdAt: now,
      },
    });
    await recordAudit(tx, {
      actor: options.actor,
      action: "operator.factor.enrol",
      subject: { type: "operator", id: options.userId },
      after: { factor: "passkey", passkeyId: created.id, name: created.name },
      at: now,
    });
  });
}

/** Options for signing in with one of the person's passkeys. */
export async function passkeyAuthenticationOptions(
  userId: string,
  config: Config,
  now: Date,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const prisma = await db();
  const passkeys = await prisma.passkey.findMany({
    where: { userId },
    select: { credentialId: true, transports: true },
  });
  if (passkeys.length === 0) throw new AppError("BAD_REQUEST", "No passkey is set up for this account");
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: "preferred",
    timeout: TIMEOUT_MS,
  });
  await storeChallenge(userId, "passkey-authentication", options.challenge, now);
  return options;
}

/** Whether the browser's assertion proves one of the person's passkeys (attempts are limited). */
export async function verifyPasskeyAuthentication(
  options: { userId: string; response: unknown },
  config: Config,
  now: Date,
): Promise<boolean> {
  const response = validate(passkeyResponseSchema, options.response) as AuthenticationResponseJSON;
  const prisma = await db();
  return limitedAttempt(options.userId, now, async () => {
    const passkey = await prisma.passkey.findFirst({ where: { userId: options.userId, credentialId: response.id } });
    if (!passkey) return false;
    const { rpID, origin } = relyingParty(config);
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challengeSpender(options.userId, "passkey-authentication", now),
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: Number(passkey.counter),
          transports: passkey.transports,
        },
        requireUserVerification: false,
      });
      if (!verified) return false;
      await prisma.passkey.update({
        where: { id: passkey.id },
        data: { counter: BigInt(authenticationInfo.newCounter), lastUsedAt: now },
      });
      return true;
    } catch (error) {
      logger().info({ err: error }, "passkey assertion refused");
      return false;
    }
  });
}
