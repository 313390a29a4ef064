import { EVENT_DATA } from "../events/event-data.ts";
import { openValue } from "../keys/sealed-value.ts";

/** Recorded events with their data opened (it is sealed at rest): what a test reads of them. */
export function openedEvents<Row extends { data: unknown }>(rows: Row[]): (Omit<Row, "data"> & { data: unknown })[] {
  return rows.map((row) => ({ ...row, data: openValue(row.data, EVENT_DATA) }));
}
