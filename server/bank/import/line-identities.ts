import { createHash } from "node:crypto";
import type { Prisma } from "../../generated/prisma/client.ts";
import { formatDecimalAmount } from "../iso20022/decimal-amount.ts";
import { legacyEntryIdentity } from "../iso20022/legacy-entry-identity.ts";
import type { EntryLine } from "./entry-lines.ts";
import { earlierEntries, entryShape, sameShape, type EntryShape, type StoredEntry } from "./entry-rows.ts";

/*
 * An identity says "this entry again" only while what was recorded under it is what the line says (C47). A line whose
 * identity was recorded before, in an earlier file or earlier in this one, with another side, amount, currency or
 * account credited is another entry the identity failed to tell apart (a fingerprint two credits share, a bank
 * reusing a reference): never `already_imported`, it is an exception, recorded under an identity of its own derived
 * from its shape, so that the same line in the day's camt.053 finds it again instead of making a second one.
 */

/** A booked line under the identity it is recorded with; `conflict` says why that is not its own. */
export type ResolvedLine = EntryLine & { conflict?: string };

/**
 * A shape in words, for a problem stored in plain beside the entry: the account by its last four characters only, as
 * a statement masks it; the entry keeps the whole IBAN sealed (a customer's own, C70).
 */
function describeShape(shape: EntryShape): string {
  const amount = `${formatDecimalAmount(shape.amountMinor, shape.currency)} ${shape.currency}`;
  return `${shape.side} ${amount}${shape.iban ? ` to the IBAN ending ${shape.iban.slice(-4)}` : ""}`;
}

/** Whether a line was recorded under `conflictIdentity`: its identity had been recorded for another entry. */
export function isConflictIdentity(identity: string): boolean {
  return identity.includes("~");
}

/** The identity of a line that `identity` failed to tell apart: upper case, so that it survives normalisation. */
function conflictIdentity(identity: string, shape: EntryShape): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([shape.side, shape.amountMinor.toString(), shape.currency, shape.iban]))
    .digest("hex")
    .slice(0, 16)
    .toUpperCase();
  return `${identity}~${digest}`;
}

/** The batch's lines under the identities they are recorded with, and what was recorded before under any of them. */
export async function resolveIdentities(
  tx: Prisma.TransactionClient,
  account: string,
  lines: readonly EntryLine[],
  /** How the lines' identities are looked up first (with other look-ups of the batch, in one statement). */
  lookUpEarlier: (identities: string[]) => Promise<Map<string, StoredEntry>> = (ids) => earlierEntries(tx, ids),
): Promise<{ lines: ResolvedLine[]; earlier: Map<string, StoredEntry> }> {
  const booked = lines.filter((line) => line.kind !== "not_booked");
  // Entries recorded before the identities were normalised keep their old keys: a line is looked up under both.
  const legacy = new Map(booked.map((line) => [line, legacyEntryIdentity(account, line.entry, line.transaction)]));
  const earlier = await lookUpEarlier([...booked.map((line) => line.identity), ...legacy.values()]);
  const firstHere = new Map<string, EntryShape>();
  const resolved = lines.map((line): ResolvedLine => {
    if (line.kind === "not_booked") return line;
    const shape = entryShape(line);
    const old = legacy.get(line)!;
    const recordedBefore = old !== line.identity && !earlier.has(line.identity) ? earlier.get(old) : undefined;
    if (recordedBefore && sameShape(recordedBefore.shape, shape)) return { ...line, identity: old };
    const stored = earlier.get(line.identity)?.shape ?? firstHere.get(line.identity);
    if (!stored) firstHere.set(line.identity, shape);
    if (!stored || sameShape(stored, shape)) return line;
    return {
      ...line,
      identity: conflictIdentity(line.identity, shape),
      conflict:
        `its identity ${line.identity} was recorded before for ${describeShape(stored)}, and this line is ` +
        `${describeShape(shape)}: another entry, not a repeat`,
    };
  });
  const derived = resolved.filter((line) => line.conflict !== undefined).map((line) => line.identity);
  for (const [identity, entry] of await earlierEntries(tx, derived)) earlier.set(identity, entry);
  return { lines: resolved, earlier };
}
