import { isAddress, verifyMessage, type Hex } from "viem";
import { parseSiweMessage } from "viem/siwe";
import { chainForEvmId } from "../chains/registry.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { MAX_SIGNATURE, MAX_SIGNED_MESSAGE } from "../limits.ts";

/** Resources the message must list: ours, or the one the published SDK writes (CONTRACT §6.3). */
const SIWE_RESOURCES = (appUrl: string) => [`${appUrl}/siwe`, "https://monerium.com/siwe"];
/** Clock skew tolerated on `Issued At`. */
const SKEW_MS = 60_000;

export type VerifiedSiwe = { nonce: string; chain: string; profileId: string; userId: string };

/**
 * The checks every Sign-In with Ethereum shares (EIP-4361, C17): a well-formed message for `domain` (and `uri`'s
 * origin), current, listing our resource, on a chain of this environment, signed by its address, which must be
 * linked on that chain. Nonces are the caller's business: ours are issued, /auth's are chosen by the client.
 */
export async function verifySiwe(options: {
  message: string | undefined;
  signature: string | undefined;
  domain: string;
  /** The URI the message must name exactly, or (`origin`) whose origin it must have. */
  uri: { exact: string } | { origin: string };
  config: Config;
  now: Date;
}): Promise<{ ok: true; value: VerifiedSiwe } | { ok: false; reason: string }> {
  const { message, signature, domain, uri, config, now } = options;
  const fail = (reason: string) => ({ ok: false, reason }) as const;
  if (!message || !signature) return fail("message and signature are required for siwe");
  // C42: the web sign-in hands its fields over unchecked; /auth's schema has the same bounds.
  if (message.length > MAX_SIGNED_MESSAGE) return fail(`the message must be at most ${MAX_SIGNED_MESSAGE} characters`);
  if (signature.length > MAX_SIGNATURE) return fail(`the signature must be at most ${MAX_SIGNATURE} characters`);
  if (message.endsWith("\n")) return fail("the SIWE message must not end with a newline");
  const siwe = parseSiweMessage(message);
  if (!siwe.address || !isAddress(siwe.address) || !siwe.nonce || !siwe.domain || !siwe.chainId || !siwe.uri) {
    return fail("the message is not a valid EIP-4361 message");
  }
  if (siwe.domain !== domain) return fail(`domain must be ${domain}`);
  if ("exact" in uri ? siwe.uri !== uri.exact : !sameOrigin(siwe.uri, uri.origin)) {
    return fail("exact" in uri ? "URI must be the redirect_uri" : `URI must be on ${uri.origin}`);
  }
  if (siwe.version !== "1") return fail("Version must be 1");
  if (!siwe.expirationTime) return fail("Expiration Time is required");
  if (siwe.expirationTime.getTime() <= now.getTime()) return fail("the message has expired");
  if (!siwe.issuedAt || siwe.issuedAt.getTime() > now.getTime() + SKEW_MS) return fail("Issued At is in the future");
  if (!SIWE_RESOURCES(config.appUrl).some((r) => siwe.resources?.includes(r))) {
    return fail(`Resources must include ${SIWE_RESOURCES(config.appUrl)[0]}`);
  }
  const chain = chainForEvmId(siwe.chainId, config.environment);
  if (!chain) return fail(`Chain ID ${siwe.chainId} is not a chain of this ${config.environment}`);
  const valid = await verifyMessage({ address: siwe.address, message, signature: signature as Hex }).catch(() => false);
  if (!valid) return fail("the signature does not match the message and address");

  const prisma = await db();
  const linked = await prisma.address.findUnique({
    where: { addressKey_chain: { addressKey: siwe.address.toLowerCase(), chain } },
    select: {
      profileId: true,
      profile: { select: { members: { select: { userId: true }, orderBy: { createdAt: "asc" }, take: 1 } } },
    },
  });
  const userId = linked?.profile.members[0]?.userId;
  if (!linked || !userId) return fail(`the address is not linked on ${chain}`);
  return { ok: true, value: { nonce: siwe.nonce, chain, profileId: linked.profileId, userId } };
}

function sameOrigin(uri: string, origin: string): boolean {
  try {
    return new URL(uri).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}
