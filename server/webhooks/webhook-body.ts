import { EVENT_DATA } from "../events/event-data.ts";
import { isSealed, openValue } from "../keys/sealed-value.ts";

/**
 * The body a webhook delivery sends, from what its row keeps. The fan-out (`fan_out_events`) writes
 * `{"type","timestamp","data"}` with the event's data as the database holds it: sealed (C70), so a delivery's row
 * keeps no more of the customer than the event's does. The body opens that data here, at every attempt and in every
 * view of the delivery, into the same bytes each time (the JSON the event was sealed from), so each attempt's
 * signature covers what the receiver reads. A body kept with plain data (written before sealing began, or an erased
 * one) is sent exactly as kept.
 */
export function webhookBody(stored: string): string {
  const parsed = parseStored(stored);
  if (!parsed || !isSealed(parsed.data)) return stored;
  return composeBody(parsed.type, parsed.timestamp, openValue(parsed.data, EVENT_DATA));
}

/** The kept body with its data replaced by `data` (sealed, re-wrapped): for the key passes (server/keys/). */
export function withBodyData(stored: string, data: unknown): string | undefined {
  const parsed = parseStored(stored);
  return parsed ? composeBody(parsed.type, parsed.timestamp, data) : undefined;
}

function composeBody(type: string, timestamp: string, data: unknown): string {
  return `{"type":${JSON.stringify(type)},"timestamp":${JSON.stringify(timestamp)},"data":${JSON.stringify(data)}}`;
}

function parseStored(stored: string): { type: string; timestamp: string; data: unknown } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || !("data" in parsed)) return undefined;
  const { type, timestamp, data } = parsed as { type?: unknown; timestamp?: unknown; data: unknown };
  return typeof type === "string" && typeof timestamp === "string" ? { type, timestamp, data } : undefined;
}
