import { atClockOffset } from "../clock.ts";
import { getConfig } from "../config.ts";

/** On a test instance, a request may ask to be served this many seconds in the future (token expiry, code expiry). */
export const TEST_CLOCK_HEADER = "tokenrail-test-clock-offset";

const SECONDS = /^\d{1,9}$/;

/** Runs `fn` at the time the request asks for, where the instance allows it; anywhere else the header means nothing. */
export function atRequestedTime<T>(req: Request, fn: () => Promise<T>): Promise<T> {
  const offsetMs = requestedOffsetMs(req.headers);
  return offsetMs === 0 ? fn() : atClockOffset(offsetMs, fn);
}

/** How far in the future the request asks to be served, where the instance allows it (else 0), in milliseconds. */
export function requestedOffsetMs(headers: Pick<Headers, "get">): number {
  const asked = headers.get(TEST_CLOCK_HEADER);
  if (asked === null || !SECONDS.test(asked) || !getConfig().testClock) return 0;
  return Number(asked) * 1000;
}
