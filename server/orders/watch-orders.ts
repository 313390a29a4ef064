import type { OrderState } from "../generated/prisma/enums.ts";
import type { Caller } from "../oauth/caller.ts";
import { profileForCaller } from "../profiles/profile-access.ts";
import type { OrderView } from "./order-view.ts";
import type { WatchOrdersQuery } from "./order.schemas.ts";

/** What one order WebSocket watches: the orders of one profile, of every state or of one. */
export type OrderWatch = { profileId: string; state?: OrderState };

/**
 * The order WebSocket (`{base_url}/orders` upgraded, C62) watches what `GET /orders` would list with the same
 * `profile` and `state`: the caller's default profile unless `profile` names another it may read. A profile out of
 * the caller's reach is refused as there (404, as if it did not exist), so one tenant can neither watch nor learn of
 * another's orders. Asked again while the socket lives (a revoked token, a withdrawn grant end it).
 */
export async function authorizeOrderWatch(caller: Caller, query: WatchOrdersQuery): Promise<OrderWatch> {
  const profile = await profileForCaller(caller, query.profile, "read");
  return query.state ? { profileId: profile.id, state: query.state } : { profileId: profile.id };
}

/**
 * Whether a change of an order reaches a watch: the order is of the watched profile and, when the watch names a
 * state, now in that state. The message is the order as `GET /orders/{id}` shows it at that change.
 */
export function watches(watch: OrderWatch, order: OrderView): boolean {
  return order.profile === watch.profileId && (watch.state === undefined || order.state === watch.state);
}
