import { AsyncLocalStorage } from "node:async_hooks";

/** Time is injected so tests can move time (token expiry, retry schedules) without sleeping. */
export type Clock = () => Date;

const offsets = new AsyncLocalStorage<number>();

// Next.js bundles instrumentation and each route separately, so module state is not shared between them: the
// instance-wide offset lives on globalThis, like the database client.
const holder = globalThis as typeof globalThis & { __tokenrailClockOffsetMs?: number };

/**
 * The server's time: the wall clock, moved forward by the sandbox's clock offset (`setInstanceClockOffset`, set from
 * the sandbox settings, never in production), and by the current request's offset when it runs under
 * `atClockOffset` (only instances started with `TOKENRAIL_TEST_CLOCK=true` allow that, and never production).
 */
export const serverClock: Clock = () =>
  new Date(Date.now() + (holder.__tokenrailClockOffsetMs ?? 0) + (offsets.getStore() ?? 0));

/** Runs `fn` as if it were `offsetMs` later; what it awaits inherits the offset, nothing else does. */
export function atClockOffset<T>(offsetMs: number, fn: () => T): T {
  return offsets.run(offsetMs, fn);
}

/** Moves this process's clock `offsetMs` ahead of the wall clock, for everything that asks `serverClock`. */
export function setInstanceClockOffset(offsetMs: number): void {
  holder.__tokenrailClockOffsetMs = offsetMs;
}

/** How far this process's clock runs ahead of the wall clock (request offsets aside). */
export function instanceClockOffset(): number {
  return holder.__tokenrailClockOffsetMs ?? 0;
}
