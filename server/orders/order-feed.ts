import { db, listen } from "../db/client.ts";
import { EVENT_DATA } from "../events/event-data.ts";
import { openValue } from "../keys/sealed-value.ts";
import type { Unlisten } from "../db/listen.ts";
import { logger } from "../logging/logger.ts";
import type { OrderView } from "./order-view.ts";
import { watches, type OrderWatch } from "./watch-orders.ts";

/**
 * The channel on which every statement that records `order.created` or `order.updated` announces those events (a
 * trigger, prisma/migrations/…_order_event_notify): "<profile id>/<event seq>" items separated by commas.
 */
export const ORDER_EVENTS_CHANNEL = "tokenrail_order_events";

/** One watcher of the feed: an order WebSocket. */
export type OrderWatcher = {
  watch: OrderWatch;
  /** An order it watches changed: the order as the API shows it at that change. */
  deliver: (order: OrderView) => void;
  /** Changes may have been missed (the listening connection failed): the watcher should start over. */
  interrupted: () => void;
};

type Feed = {
  watchers: Map<string, Set<OrderWatcher>>;
  listening?: Promise<Unlisten>;
  /** Reads of announced events, one after the other, so messages keep the order in which the changes committed. */
  reading: Promise<void>;
};

// Next.js bundles instrumentation and each route separately: one feed per process lives on globalThis.
const holder = globalThis as typeof globalThis & { __tokenrailOrderFeed?: Feed };

function feed(): Feed {
  holder.__tokenrailOrderFeed ??= { watchers: new Map(), reading: Promise.resolve() };
  return holder.__tokenrailOrderFeed;
}

/**
 * Hears every order change of the database from now on, on whichever instance it was made: resolves once this
 * process listens (then a change committed later cannot be missed). The first call starts listening; the
 * connection stays for the life of the process (`stopOrderFeed`).
 */
export async function orderFeedReady(): Promise<void> {
  const state = feed();
  state.listening ??= listen(ORDER_EVENTS_CHANNEL, {
    onNotify: (payload) => {
      if (payload) heard(payload);
    },
    onError: (err) => {
      logger().warn({ err }, "order notifications interrupted; closing the order WebSockets");
      for (const set of state.watchers.values()) for (const watcher of set) watcher.interrupted();
    },
  });
  try {
    await state.listening;
  } catch (error) {
    state.listening = undefined;
    throw error;
  }
}

/**
 * Adds a watcher (after `orderFeedReady`): it is told of every change of the orders it watches that commits from
 * now on, in commit order. Returns the function that removes it.
 */
export function watchOrderFeed(watcher: OrderWatcher): () => void {
  const { watchers } = feed();
  const { profileId } = watcher.watch;
  let set = watchers.get(profileId);
  if (!set) watchers.set(profileId, (set = new Set()));
  set.add(watcher);
  return () => {
    set.delete(watcher);
    if (set.size === 0 && watchers.get(profileId) === set) watchers.delete(profileId);
  };
}

/** Stops listening (at shutdown, once the watchers are gone). */
export async function stopOrderFeed(): Promise<void> {
  const state = feed();
  const listening = state.listening;
  state.listening = undefined;
  if (listening) await (await listening.catch(() => undefined))?.();
}

/** A notification: only events of profiles someone here watches are read; otherwise it costs nothing. */
function heard(payload: string): void {
  const state = feed();
  const seqs: bigint[] = [];
  for (const item of payload.split(",")) {
    const [profileId, seq] = item.split("/");
    if (profileId && seq && /^\d+$/.test(seq) && state.watchers.has(profileId)) seqs.push(BigInt(seq));
  }
  if (seqs.length === 0) return;
  state.reading = state.reading
    .then(() => deliver(seqs))
    .catch((err: unknown) => logger().error({ err }, "announced order changes could not be read"));
}

async function deliver(seqs: bigint[]): Promise<void> {
  const prisma = await db();
  const events = await prisma.domainEvent.findMany({
    where: { seq: { in: seqs }, type: { in: ["order.created", "order.updated"] } },
    orderBy: { seq: "asc" },
    select: { profileId: true, data: true },
  });
  const { watchers } = feed();
  for (const event of events) {
    // Written by recordOrderEvent and orderCreatedSql from orderView: the order as the API shows it.
    const order = openValue<OrderView>(event.data, EVENT_DATA);
    for (const watcher of watchers.get(event.profileId) ?? []) {
      if (watches(watcher.watch, order)) watcher.deliver(order);
    }
  }
}
