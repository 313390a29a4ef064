import { isAddress, verifyMessage, type Hex } from "viem";
import { parseSiweMessage } from "viem/siwe";
import { chainForEvmId } from "../chains/registry.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { redirectWith, type AuthorizationOutcome } from "./authorization-outcome.ts";
import { grantAndIssueCode } from "./decide-authorization.ts";

/** Resources the message must list: ours, or the one the published SDK writes (CONTRACT §6.3). */
const SIWE_RESOURCES = (appUrl: string) => [`${appUrl}/siwe`, "https://monerium.com/siwe"];
/** Clock skew tolerated on `Issued At`. */
const SKEW_MS = 60_000;

type Client = { id: string; applicationId: string };

/**
 * The Sign-In with Ethereum variant of /auth (CONTRACT §4.1): an existing customer proves control of a linked
 * address with an EIP-4361 message, and the code is issued at once (302, no screens). The message must name the
 * integrator's host as domain and its redirect URI, be current, carry an unused nonce and a chain on which the
 * address is linked; its statement is the consent.
 */
export async function authorizeWithSiwe(options: {
  client: Client;
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
  if (!options.message || !options.signature) return fail("message and signature are required for siwe");
  if (options.message.endsWith("\n")) return fail("the SIWE message must not end with a newline");
  const siwe = parseSiweMessage(options.message);
  if (!siwe.address || !isAddress(siwe.address) || !siwe.nonce || !siwe.domain || !siwe.chainId) {
    return fail("the message is not a valid EIP-4361 message");
  }
  if (siwe.domain !== new URL(redirectUri).host) return fail(`domain must be ${new URL(redirectUri).host}`);
  if (siwe.uri !== redirectUri) return fail("URI must be the redirect_uri");
  if (siwe.version !== "1") return fail("Version must be 1");
  if (!siwe.expirationTime) return fail("Expiration Time is required");
  if (siwe.expirationTime.getTime() <= now.getTime()) return fail("the message has expired");
  if (!siwe.issuedAt || siwe.issuedAt.getTime() > now.getTime() + SKEW_MS) return fail("Issued At is in the future");
  if (!SIWE_RESOURCES(config.appUrl).some((r) => siwe.resources?.includes(r))) {
    return fail(`Resources must include ${SIWE_RESOURCES(config.appUrl)[0]}`);
  }
  const chain = chainForEvmId(siwe.chainId, config.environment);
  if (!chain) return fail(`Chain ID ${siwe.chainId} is not a chain of this ${config.environment}`);
  const valid = await verifyMessage({
    address: siwe.address,
    message: options.message,
    signature: options.signature as Hex,
  }).catch(() => false);
  if (!valid) return fail("the signature does not match the message and address");

  const prisma = await db();
  const linked = await prisma.address.findUnique({
    where: { addressKey_chain: { addressKey: siwe.address.toLowerCase(), chain } },
    select: { profileId: true, profile: { select: { members: { select: { userId: true }, take: 1 } } } },
  });
  const userId = linked?.profile.members[0]?.userId;
  if (!linked || !userId) return fail(`the address is not linked on ${chain}`);

  try {
    const code = await prisma.$transaction(async (tx) => {
      // The primary key makes a nonce single-use, also under concurrent requests.
      await tx.siweNonce.create({ data: { nonce: siwe.nonce!, usedAt: now } });
      return grantAndIssueCode(tx, {
        applicationId: client.applicationId,
        clientId: client.id,
        redirectUri,
        codeChallenge: options.codeChallenge,
        userId,
        profileId: linked.profileId,
        now,
      });
    });
    return { kind: "redirect", status: 302, location: redirectWith(redirectUri, { code }, options.state) };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return fail("the nonce has already been used");
    }
    throw error;
  }
}
