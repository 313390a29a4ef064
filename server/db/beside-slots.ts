import { POOL_SIZE } from "./driver.ts";

/*
 * A transaction that waits for a query sent beside it on another of the pool's connections (a bank file's first
 * batch looked up while its `BEGIN` goes out) holds one connection while it waits for a second. With every connection
 * of the pool held by such a transaction, the queries beside them wait for a connection for ever, and so do the
 * transactions: ten sandbox payments at once did that. So at most half the pool's connections are held that way at
 * once, in each process (the pool is the process's): the other half always serve the queries beside them, and a
 * transaction that finds no slot free does its look-ups inside itself, in order.
 */

const SLOTS = Math.floor(POOL_SIZE / 2);

// On globalThis: Next.js bundles each route apart, and they share the process's one pool.
const holder = globalThis as typeof globalThis & { __tokenrailBesideSlots?: { held: number } };
const slots = (holder.__tokenrailBesideSlots ??= { held: 0 });

/** A slot for a transaction that will wait for queries beside it, or undefined when every slot is held. */
export function besideSlot(): { release(): void } | undefined {
  if (slots.held >= SLOTS) return undefined;
  slots.held += 1;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      slots.held -= 1;
    },
  };
}

/** Slots held now (tests). */
export function besideSlotsHeld(): number {
  return slots.held;
}
