import { AsyncLocalStorage } from "node:async_hooks";

/** Time is injected so tests can move it (token expiry, retry schedules) without sleeping. */
export type Clock = () => Date;

const offsets = new AsyncLocalStorage<number>();

/**
 * The server's time: the wall clock, unless the current request runs under `atClockOffset` (only instances started
 * with `TOKENRAIL_TEST_CLOCK=true` allow that, and never production).
 */
export const serverClock: Clock = () => new Date(Date.now() + (offsets.getStore() ?? 0));

/** Runs `fn` as if it were `offsetMs` later; what it awaits inherits the offset, nothing else does. */
export function atClockOffset<T>(offsetMs: number, fn: () => T): T {
  return offsets.run(offsetMs, fn);
}
