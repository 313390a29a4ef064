import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError, type FieldErrors } from "../errors.ts";
import { hashSecret } from "./secrets.ts";
import { issueFamilyTokens, settleGrant } from "./token-family.ts";
import type { GrantOutcome, TokenResponse } from "./token.schemas.ts";

/** The spec's message when a refresh token is presented by a client other than the one it was issued to. */
export const OTHER_CLIENT_MESSAGE = "Client id must be the same from previous token.";
const INVALID_REFRESH = "The refresh token is invalid or has been revoked";

/**
 * `grant_type=refresh_token`: rotation. The presented token is spent and a new one of the same family returned;
 * presenting a spent one again means it leaked, so the whole family is revoked.
 */
export async function refreshAccessToken(options: {
  clientId?: string;
  refreshToken?: string;
  clock?: Clock;
}): Promise<TokenResponse> {
  const { clock = serverClock } = options;
  const missing: FieldErrors = {};
  if (!options.clientId) missing.client_id = "client_id is required";
  if (!options.refreshToken) missing.refresh_token = "refresh_token is required";
  if (Object.keys(missing).length > 0) throw new AppError("VALIDATION", "Validation errors", missing);

  const prisma = await db();
  const now = clock();
  const outcome = await prisma.$transaction(async (tx): Promise<GrantOutcome> => {
    const token = await tx.refreshToken.findUnique({ where: { tokenHash: hashSecret(options.refreshToken!) } });
    if (!token || token.revokedAt) return { kind: "error", message: INVALID_REFRESH } as const;
    if (token.clientId !== options.clientId?.toLowerCase())
      return { kind: "error", message: OTHER_CLIENT_MESSAGE } as const;
    if (token.usedAt) return { kind: "replayed", familyId: token.familyId } as const;
    const { count } = await tx.refreshToken.updateMany({
      where: { id: token.id, usedAt: null, revokedAt: null },
      data: { usedAt: now },
    });
    if (count !== 1) return { kind: "replayed", familyId: token.familyId } as const;
    const tokens = await issueFamilyTokens(tx, {
      familyId: token.familyId,
      clientId: token.clientId,
      userId: token.userId,
      profileId: token.profileId,
      now,
    });
    return { kind: "ok", tokens } as const;
  });

  return settleGrant(outcome, now, INVALID_REFRESH);
}
