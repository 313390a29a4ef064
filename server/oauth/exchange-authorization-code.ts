import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError, type FieldErrors } from "../errors.ts";
import { uuidOrUndefined } from "../ids.ts";
import { WRONG_GRANT_MESSAGE } from "./issue-client-credentials-token.ts";
import { verifierMatches } from "./pkce.ts";
import { hashSecret } from "./secrets.ts";
import { issueFamilyTokens, settleGrant } from "./token-family.ts";
import type { GrantOutcome, TokenResponse } from "./token.schemas.ts";

const INVALID_CODE = "The authorization code is invalid, expired, already used, or was issued to another client";

/**
 * `grant_type=authorization_code` (SPEC "Authentication" 3.6): the code, its client, its redirect URI and the PKCE
 * verifier must all match. Consuming the code and issuing the tokens is one transaction, so of two concurrent
 * requests exactly one wins; a code presented again revokes everything issued from it.
 */
export async function exchangeAuthorizationCode(options: {
  clientId?: string;
  code?: string;
  codeVerifier?: string;
  redirectUri?: string;
  clock?: Clock;
}): Promise<TokenResponse> {
  const { clock = serverClock } = options;
  const missing: FieldErrors = {};
  for (const [field, value] of [
    ["client_id", options.clientId],
    ["code", options.code],
    ["code_verifier", options.codeVerifier],
    ["redirect_uri", options.redirectUri],
  ] as const) {
    if (!value) missing[field] = `${field} is required`;
  }
  if (Object.keys(missing).length > 0) throw new AppError("VALIDATION", "Validation errors", missing);

  const prisma = await db();
  const clientId = uuidOrUndefined(options.clientId);
  const client = clientId
    ? await prisma.oAuthClient.findUnique({ where: { id: clientId }, select: { kind: true } })
    : null;
  if (!client) throw new AppError("INVALID_CLIENT", "Client authentication failed");
  if (client.kind !== "authorization_code") throw new AppError("UNAUTHORIZED_CLIENT", WRONG_GRANT_MESSAGE);

  const now = clock();
  const outcome = await prisma.$transaction(async (tx): Promise<GrantOutcome> => {
    const code = await tx.authorizationCode.findUnique({ where: { codeHash: hashSecret(options.code!) } });
    if (!code || code.clientId !== clientId) return { kind: "error", message: INVALID_CODE } as const;
    if (code.consumedAt) return { kind: "replayed", familyId: code.id } as const;
    if (code.expiresAt.getTime() <= now.getTime()) return { kind: "error", message: INVALID_CODE } as const;
    if (code.redirectUri !== options.redirectUri) {
      return { kind: "error", message: "redirect_uri differs from the one the code was issued for" } as const;
    }
    if (!verifierMatches(options.codeVerifier!, code.codeChallenge)) {
      return { kind: "error", message: "code_verifier does not match the code_challenge" } as const;
    }
    const { count } = await tx.authorizationCode.updateMany({
      where: { id: code.id, consumedAt: null, expiresAt: { gt: now } },
      data: { consumedAt: now },
    });
    // A concurrent request consumed it between our read and this write: that is a second use too. Or a password
    // reset revoked it meanwhile (revoke-sign-ins.ts), which revoked the family's tokens as well.
    if (count !== 1) return { kind: "replayed", familyId: code.id } as const;
    const tokens = await issueFamilyTokens(tx, {
      familyId: code.id,
      clientId: code.clientId,
      userId: code.userId,
      profileId: code.profileId,
      now,
    });
    return { kind: "ok", tokens } as const;
  });

  return settleGrant(outcome, now, INVALID_CODE);
}
