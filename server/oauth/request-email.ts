import type { DbOrTx } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { blindIndex } from "../keys/blind-index.ts";
import { openValue, sealAtRest } from "../keys/sealed-value.ts";

/*
 * The e-mail hint an integrator passes to /auth (a customer's address, used to prefill sign-up and sign-in) is sealed
 * at rest (C70; server/keys/sealed-value.ts) for its own column, with a blind index beside it
 * (server/keys/blind-index.ts) so the open requests naming a person's address are still found when their sign-ins
 * are revoked (`whereRequestEmail`).
 */
export const REQUEST_EMAIL = "AuthorizationRequest.email";

/** The columns that keep a request's hint: sealed, and its blind index; none when there is no hint. */
export function requestEmailData(
  email: string | undefined,
): { email: Prisma.InputJsonValue; emailIndex: string } | Record<string, never> {
  if (email === undefined) return {};
  return { email: sealAtRest(email, REQUEST_EMAIL), emailIndex: blindIndex(REQUEST_EMAIL, "email", email) };
}

/**
 * What selects the requests open at `now` whose hint is `email`, in any case: its blind index, or, for a request
 * written before sealing began that the sealing pass has not indexed yet, its plain hint (a JSON string, compared in
 * SQL as the index compares: trimmed and lower-cased). Conditions to OR with others.
 */
export async function whereRequestEmail(
  tx: DbOrTx,
  email: string,
  now: Date,
): Promise<Prisma.AuthorizationRequestWhereInput[]> {
  const plain = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "AuthorizationRequest"
    WHERE "emailIndex" IS NULL AND "completedAt" IS NULL AND "expiresAt" > ${now}::timestamptz
      AND jsonb_typeof("email") = 'string' AND lower(btrim("email" #>> '{}')) = ${email.trim().toLowerCase()}`;
  return [
    { emailIndex: blindIndex(REQUEST_EMAIL, "email", email) },
    ...(plain.length > 0 ? [{ id: { in: plain.map((row) => row.id) } }] : []),
  ];
}

/** The hint a request keeps, opened; undefined when it has none. */
export function requestEmail(request: { email: unknown }): string | undefined {
  if (request.email === null || request.email === undefined) return undefined;
  return openValue<string>(request.email, REQUEST_EMAIL);
}
