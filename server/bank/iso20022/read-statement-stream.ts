import { AppError } from "../../errors.ts";
import { bankFileText, sha256, type TimeBudget } from "./bank-file-text.ts";
import { checkStatementStream } from "./check-statement-stream.ts";
import { EntryTreeBuilder } from "./entry-tree-builder.ts";
import { DEFAULT_MAX_BANK_FILE_BYTES } from "./read-bank-file.ts";
import { readEntry } from "./read-entry.ts";
import { readReportHeader, readStatementWith } from "./read-statement.ts";
import { StatementCutter } from "./statement-cutter.ts";
import { cutterNames, statementRoot } from "./statement-root.ts";
import { type BankStatement, type ReportHeader, type StatementEntry } from "./statement.ts";

/*
 * A camt.052/053/054 too large to hold, read in two passes over the file (docs/bank.md, "Streaming"). The first
 * makes every check `readBankFile` makes (size, prolog, well-formedness, namespace, schema) and reads the header;
 * only when the whole file has passed is anything handed out (C46). The second cuts the file again and hands out
 * its entries in batches, each exactly as `readStatement` reads it, for an importer that writes a batch at a time
 * inside one transaction. Memory is bounded by the largest entry and the envelope, not by the file.
 */

export type ReadStatementStreamOptions = {
  maxBytes?: number;
  /** Asked before each chunk of either pass: an import's time limit (server/bank/import/import-budget.ts). */
  budget?: TimeBudget;
};

/** A report as `readStatement` gives it, less its entries, and how many it has. */
export type StreamedReportHeader = ReportHeader & { entryCount: number };

export type StatementHeader = Omit<BankStatement, "reports"> & {
  reports: StreamedReportHeader[];
  /** Hex SHA-256 of the file: the same file read twice has the same. */
  sha256: string;
};

/** An entry and the index of the report (in `header.reports`) it belongs to. */
export type StreamedEntry = { report: number; entry: StatementEntry };

export type StatementStream = {
  header: StatementHeader;
  /**
   * The entries in file order, in batches of at most `batchSize` (500 by default). Throws if the file changed
   * since it was checked: an importer's transaction then rolls back what it wrote from the batches before.
   */
  entries(options?: { batchSize?: number }): AsyncGenerator<StreamedEntry[]>;
};

function changed(): AppError {
  return new AppError("VALIDATION", "The bank file changed while it was read", {
    file: "changed while it was read; import it again",
  });
}

/** Checks the statement at `path` as `readBankFile` would and returns its header and a reader of its entries. */
export async function readStatementStream(
  path: string,
  options: ReadStatementStreamOptions = {},
): Promise<StatementStream> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BANK_FILE_BYTES;
  const checked = await checkStatementStream(path, maxBytes, options.budget);
  const read = readStatementWith({ definition: checked.root.definition, document: checked.envelope }, (report, kind) =>
    readReportHeader(report, kind),
  );
  const header: StatementHeader = {
    ...read,
    reports: read.reports.map((report, index) => ({ ...report, entryCount: checked.entriesPerReport[index] ?? 0 })),
    sha256: checked.sha256,
  };

  async function* entries({ batchSize = 500 } = {}): AsyncGenerator<StreamedEntry[]> {
    const hash = sha256();
    const tree = new EntryTreeBuilder();
    let batch: StreamedEntry[] = [];
    const cutter = new StatementCutter({
      keepEnvelope: false,
      root: (tag) => cutterNames(statementRoot(tag)),
      inEntry: tree,
      entry: (entry) => batch.push({ report: entry.report, entry: readEntry(tree.take(), entry.position) }),
    });
    for await (const text of bankFileText(path, maxBytes, hash, options.budget)) {
      cutter.write(text);
      while (batch.length >= batchSize) {
        const full = batch.slice(0, batchSize);
        batch = batch.slice(batchSize);
        yield full;
      }
    }
    cutter.end();
    if (hash.digest("hex") !== checked.sha256) throw changed();
    if (batch.length > 0) yield batch;
  }

  return { header, entries };
}
