import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { redirectWith, type AuthorizationOutcome } from "./authorization-outcome.ts";
import { grantAndIssueCode } from "./decide-authorization.ts";
import { verifySiwe } from "./verify-siwe.ts";

/**
 * The Sign-In with Ethereum variant of /auth (CONTRACT §4.1): an existing customer proves control of a linked
 * address with an EIP-4361 message naming the integrator (its redirect URI's host and the redirect URI), and the
 * code is issued at once (302, no screens): the signed statement is the consent. The client chooses the nonce; it
 * works once.
 */
export async function authorizeWithSiwe(options: {
  client: { id: string; applicationId: string };
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  message: string | undefined;
  signature: string | undefined;
  config: Config;
  now: Date;
  fail: (description: string) => AuthorizationOutcome;
}): Promise<AuthorizationOutcome> {
  const { client, redirectUri, config, now, fail } = options;
  const checked = await verifySiwe({
    message: options.message,
    signature: options.signature,
    domain: new URL(redirectUri).host,
    uri: { exact: redirectUri },
    config,
    now,
  });
  if (!checked.ok) return fail(checked.reason);
  const { nonce, profileId, userId } = checked.value;
  const prisma = await db();
  try {
    const code = await prisma.$transaction(async (tx) => {
      // The primary key makes a nonce single-use, also under concurrent requests.
      await tx.siweNonce.create({ data: { nonce, issuedAt: now, usedAt: now } });
      return grantAndIssueCode(tx, {
        applicationId: client.applicationId,
        clientId: client.id,
        redirectUri,
        codeChallenge: options.codeChallenge,
        userId,
        profileId,
        now,
      });
    });
    return { kind: "redirect", status: 302, location: redirectWith(redirectUri, { code }, options.state, config) };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return fail("the nonce has already been used");
    }
    throw error;
  }
}
