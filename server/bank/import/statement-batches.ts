import type { Config } from "../../config.ts";
import { db } from "../../db/client.ts";
import type { Caller } from "../../oauth/caller.ts";
import type { StreamedEntry } from "../iso20022/read-statement-stream.ts";
import { entryLines, type EntryLine } from "./entry-lines.ts";
import { lookUpBatch, type LookedUpBatch } from "./import-lines.ts";
import type { StatementFile } from "./read-inbound-file.ts";

/** Entries handled (and written) per batch: one set of statements per batch, memory bounded by it. */
export const IMPORT_BATCH_SIZE = 500;

/** A statement's batches, the first read (and on PostgreSQL looked up) before the import's transaction starts. */
export type StatementBatches = {
  batches: AsyncGenerator<StreamedEntry[]>;
  first: IteratorResult<StreamedEntry[]>;
  lines: EntryLine[];
  lookedUp?: Promise<LookedUpBatch>;
};

export async function firstBatch(
  file: StatementFile,
  config: Config,
  beside: boolean,
  writableBy?: Caller,
): Promise<StatementBatches> {
  const account = config.bank.account.iban;
  const batches = file.entries(IMPORT_BATCH_SIZE);
  const first = await batches.next();
  const lines = first.done ? [] : batchLines(account, first.value, 0);
  // Nothing of the file precedes its first batch, so its look-up needs no part of the transaction: when the import
  // holds a slot for it (beside-slots.ts), it goes out beside the transaction's start, on a connection of its own;
  // else it is made inside the transaction.
  const lookedUp = beside && lines.length > 0 ? lookUpBatch(await db(), account, lines, writableBy) : undefined;
  lookedUp?.catch(() => undefined);
  return { batches, first, lines, lookedUp };
}

/** A batch's lines, numbered after the `before` lines of the batches before it. */
export function batchLines(account: string, batch: readonly StreamedEntry[], before: number): EntryLine[] {
  const lines: EntryLine[] = [];
  for (const { entry } of batch) lines.push(...entryLines(account, entry, before + lines.length + 1));
  return lines;
}
