import { createHash } from "node:crypto";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Order } from "../generated/prisma/client.ts";
import { accessibleProfiles } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";
import type { PlaceOrderRequest } from "./order.schemas.ts";

/**
 * What makes a redeem request the same request again (C32): its id or Idempotency-Key with the same body, hashed
 * whatever the order of its keys; and what makes a signed message used.
 */

/** The order an earlier attempt of this request placed, or a conflict when the id or key came with another body. */
export async function previousAttempt(options: {
  caller: Caller;
  id?: string;
  idempotencyKey?: string;
  requestHash: string;
}): Promise<Order | undefined> {
  const { caller, id, idempotencyKey, requestHash } = options;
  if (!id && !idempotencyKey) return undefined;
  const prisma = await db();
  const existing = await prisma.order.findFirst({
    where: { OR: [...(id ? [{ id }] : []), ...(idempotencyKey ? [{ idempotencyKey }] : [])] },
  });
  if (!existing) return undefined;
  const mine = (await accessibleProfiles(caller)).some((p) => p.id === existing.profileId);
  if (!mine || existing.requestHash !== requestHash) {
    throw new AppError(
      "CONFLICT",
      id && existing.id === id
        ? "An order with this id exists with a different request"
        : "This Idempotency-Key was used with a different request",
    );
  }
  return existing;
}

export function hashRequest(request: PlaceOrderRequest): string {
  return createHash("sha256").update(canonicalJson(request)).digest("hex");
}

/**
 * What makes a signed message used: its signer and its text, not the chain. The message names no source chain and an
 * EOA's signature holds on every chain, so a message signed once must not redeem once per chain the address is on.
 */
export function messageKey(addressKey: string, message: string): string {
  return createHash("sha256").update(`${addressKey}\n${message}`).digest("hex");
}

/** JSON with sorted keys and bigints as strings: equal requests hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (typeof value === "bigint") return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
