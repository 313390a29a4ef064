import { serverClock, type Clock } from "../clock.ts";
import type { Environment } from "../environment.ts";
import { db, type DbOrTx } from "../db/client.ts";
import { AppError, type FieldErrors } from "../errors.ts";
import { evictAuth, evictLocally } from "../oauth/auth-cache.ts";
import { hashSecret, randomSecret } from "../oauth/secrets.ts";
import { redirectUriProblem } from "./redirect-uri.ts";

export type RegisteredApplication = {
  applicationId: string;
  /** Authorization-code flow (public client, PKCE). */
  codeClientId: string;
  /** Client credentials (confidential). */
  clientId: string;
  /** Shown this once; only its hash is stored. */
  clientSecret: string;
  redirectUris: string[];
};

export function checkRedirectUris(redirectUris: string[]): void {
  const fields: FieldErrors = {};
  redirectUris.forEach((uri, i) => {
    const problem = redirectUriProblem(uri);
    if (problem) fields[`redirectUris.${i}`] = problem;
  });
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", "Validation errors", fields);
}

/** Registers an application of `profileId` with its two clients; the operator grants extra privileges separately. */
export async function registerApplication(options: {
  name: string;
  environment: Environment;
  profileId: string;
  ownerId: string;
  redirectUris: string[];
  /** What a complete KYC submission is for profiles it onboards (sharing unless said otherwise). */
  kycModel?: "sharing" | "reliance";
  /** `pending` until an operator approves it (production); approved when not said. */
  review?: "pending" | "approved";
  tx?: DbOrTx;
}): Promise<RegisteredApplication> {
  checkRedirectUris(options.redirectUris);
  const prisma = options.tx ?? (await db());
  const clientSecret = randomSecret();
  const application = await prisma.application.create({
    data: {
      name: options.name,
      environment: options.environment,
      profileId: options.profileId,
      ownerId: options.ownerId,
      ...(options.kycModel ? { kycModel: options.kycModel } : {}),
      ...(options.review ? { review: options.review } : {}),
      clients: {
        create: [
          { kind: "authorization_code", redirectUris: options.redirectUris },
          { kind: "client_credentials", secretHash: hashSecret(clientSecret) },
        ],
      },
    },
    select: { id: true, clients: { select: { id: true, kind: true } } },
  });
  const clientOf = (kind: string) => application.clients.find((c) => c.kind === kind)!.id;
  return {
    applicationId: application.id,
    codeClientId: clientOf("authorization_code"),
    clientId: clientOf("client_credentials"),
    clientSecret,
    redirectUris: options.redirectUris,
  };
}

/**
 * Issues a new client secret; the old one stops working at once, and so does every access token issued with it:
 * `tokensNotBefore` moves (strictly forward, whatever the clock does) and signed tokens carry the value they were
 * issued under; tokens stored as rows are revoked. Returns the new secret, shown this once.
 */
export async function rotateClientSecret(options: { applicationId: string; clock?: Clock }): Promise<string> {
  const { applicationId, clock = serverClock } = options;
  const clientSecret = randomSecret();
  const now = clock();
  const prisma = await db();
  const tags = await prisma.$transaction(async (tx) => {
    const rotated = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "OAuthClient"
      SET "secretHash" = ${hashSecret(clientSecret)},
          "tokensNotBefore" = GREATEST(${now}::timestamptz, "tokensNotBefore" + interval '1 millisecond'),
          "updatedAt" = ${new Date()}::timestamptz
      WHERE "applicationId" = ${applicationId}::uuid AND kind = 'client_credentials'
      RETURNING id::text`;
    const client = rotated[0];
    if (!client) throw new AppError("NOT_FOUND", "No such application");
    await tx.accessToken.updateMany({ where: { clientId: client.id, revokedAt: null }, data: { revokedAt: now } });
    // The token endpoint and bearer authentication cache the client for a few seconds: evicted here at once, and
    // announced to the other instances with the change.
    const evicted = [`application:${applicationId}`, `client:${client.id}`];
    await evictAuth(evicted, tx);
    return evicted;
  });
  // A read here between that eviction and the commit may have cached the old row.
  evictLocally(tags);
  return clientSecret;
}
