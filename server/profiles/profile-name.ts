import { Prisma } from "../generated/prisma/client.ts";
import { PROFILE_NAME, PROFILE_STATE_REASON } from "../keys/people-columns.ts";
import { openValue, sealAtRest } from "../keys/sealed-value.ts";

/*
 * A profile's name and the operator's reason for its state are sealed at rest (C70): written through these, read
 * through `openProfileName` / `openStateReason`. Neither is looked up: the console finds profiles by id, not by name.
 */

export function profileNameData(name: string): Prisma.InputJsonValue {
  return sealAtRest(name, PROFILE_NAME);
}

export function openProfileName(stored: unknown): string {
  return openValue<string | null>(stored, PROFILE_NAME) ?? "";
}

/** The stored reason: sealed, or none (a database NULL). */
export function stateReasonData(reason: string | null | undefined): Prisma.InputJsonValue | typeof Prisma.DbNull {
  return reason === null || reason === undefined ? Prisma.DbNull : sealAtRest(reason, PROFILE_STATE_REASON);
}

export function openStateReason(stored: unknown): string | null {
  return stored === null || stored === undefined ? null : openValue<string | null>(stored, PROFILE_STATE_REASON);
}

/** The row with its name opened. */
export function withNameOpened<T extends { name: unknown }>(row: T): Omit<T, "name"> & { name: string } {
  return { ...row, name: openProfileName(row.name) };
}
