import { generateSiweNonce } from "viem/siwe";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { verifySiwe } from "../oauth/verify-siwe.ts";
import { openEmail, openName } from "./user-email.ts";

/** How long an issued nonce may wait for its signature. */
const NONCE_MINUTES = 10;

/** A nonce for the web app's Sign-In with Ethereum; only nonces issued here are accepted there. */
export async function issueSiweNonce(clock: Clock = serverClock): Promise<string> {
  const nonce = generateSiweNonce();
  const prisma = await db();
  await prisma.siweNonce.create({ data: { nonce, issuedAt: clock() } });
  return nonce;
}

/**
 * Sign-In with Ethereum into the web app, for customers with a linked address. The message names this app
 * (domain and URI from configuration, not from the request) and a nonce issued here, unused and recent.
 */
export async function verifySiweSignIn(options: {
  message: string | undefined;
  signature: string | undefined;
  config: Config;
  clock?: Clock;
}): Promise<{ ok: true; userId: string; email: string; name: string } | { ok: false; reason: string }> {
  const { config, clock = serverClock } = options;
  const now = clock();
  const checked = await verifySiwe({
    message: options.message,
    signature: options.signature,
    domain: new URL(config.appUrl).host,
    uri: { origin: config.appUrl },
    config,
    now,
  });
  if (!checked.ok) return checked;
  const prisma = await db();
  const { count } = await prisma.siweNonce.updateMany({
    where: {
      nonce: checked.value.nonce,
      usedAt: null,
      issuedAt: { gt: new Date(now.getTime() - NONCE_MINUTES * 60_000) },
    },
    data: { usedAt: now },
  });
  if (count !== 1) return { ok: false, reason: "the nonce is unknown, expired or already used" };
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: checked.value.userId },
    select: { email: true, name: true },
  });
  return { ok: true, userId: checked.value.userId, email: openEmail(user.email), name: openName(user.name) };
}
