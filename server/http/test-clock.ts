import { atClockOffset } from "../clock.ts";
import { getConfig } from "../config.ts";

/** On a test instance, a request may ask to be served this many seconds in the future (token expiry, code expiry). */
export const TEST_CLOCK_HEADER = "tokenrail-test-clock-offset";

const SECONDS = /^\d{1,9}$/;

/** Runs `fn` at the time the request asks for, where the instance allows it; anywhere else the header means nothing. */
export function atRequestedTime<T>(req: Request, fn: () => Promise<T>): Promise<T> {
  const asked = req.headers.get(TEST_CLOCK_HEADER);
  if (asked === null || !SECONDS.test(asked) || !getConfig().testClock) return fn();
  return atClockOffset(Number(asked) * 1000, fn);
}
