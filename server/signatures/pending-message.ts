import type { Prisma } from "../generated/prisma/client.ts";
import { openValue, sealAtRest } from "../keys/sealed-value.ts";

/*
 * The text a pending signature asks a customer's Safe to sign (for an order it names the payee's IBAN and the amount)
 * is sealed at rest (C70; server/keys/sealed-value.ts) for its own column. The chain is asked about its hash
 * (`msgHash`, which the account's public `SignMsg` event carries), so the text is opened only where it is shown.
 */
export const PENDING_MESSAGE = "PendingSignature.message";

/** The text as the database keeps it. */
export function sealPendingMessage(message: string): Prisma.InputJsonValue {
  return sealAtRest(message, PENDING_MESSAGE);
}

/** The text a pending signature keeps, opened. */
export function pendingMessage(pending: { message: unknown }): string {
  return openValue<string>(pending.message, PENDING_MESSAGE);
}
