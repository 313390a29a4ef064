import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { CONTAINERS, type StatementContainer } from "../iso20022/entry-envelope.ts";
import { messageById, type MessageDefinition } from "../iso20022/message-registry.ts";
import { readBankFile } from "../iso20022/read-bank-file.ts";
import { readPaymentStatus, type PaymentStatusReport } from "../iso20022/read-payment-status.ts";
import { readStatementStream, type StreamedEntry } from "../iso20022/read-statement-stream.ts";
import { readStatement } from "../iso20022/read-statement.ts";
import type { ReportHeader } from "../iso20022/statement.ts";
import type { ImportBudget } from "./import-budget.ts";

/*
 * A bank file as the importer needs it, whichever way it came: checked in full (size, prolog, well-formedness,
 * message and version, schema) before this answers, so nothing is read from a file that will be refused (C46).
 * Files in memory go through `readBankFile`; files on disk larger than `IN_MEMORY_BYTES` through
 * `readStatementStream`, whose memory does not grow with the file (its entries are read again, in batches, when
 * the importer asks for them, inside its transaction).
 */

/** Files on disk up to this size are read whole: cheaper, and the only way for a pain.002. */
export const IN_MEMORY_BYTES = 4 * 1024 * 1024;

type Identified = { definition: MessageDefinition; messageId: string; sha256: string; size: number };

export type StatementFile = Identified & {
  kind: "statement";
  container: StatementContainer;
  reports: ReportHeader[];
  /** The entries in file order, in batches (the stream reader reads the file again for them). */
  entries(batchSize: number): AsyncGenerator<StreamedEntry[]>;
};

export type StatusFile = Identified & { kind: "status"; report: PaymentStatusReport };

export type InboundFile = StatementFile | StatusFile;

export async function readInboundFile(
  content: { path: string } | { bytes: Uint8Array },
  maxBytes: number,
  budget?: ImportBudget,
): Promise<InboundFile> {
  // A file read whole is read at one go, which nothing can interrupt in this process: the budget is asked after.
  const whole = (bytes: Uint8Array) => {
    const file = readBytes(bytes, maxBytes);
    budget?.check();
    return file;
  };
  if ("bytes" in content) return whole(content.bytes);
  const { size } = await fs.stat(content.path);
  if (size <= IN_MEMORY_BYTES) return whole(await fs.readFile(content.path));
  const stream = await readStatementStream(content.path, { maxBytes, budget });
  const { header } = stream;
  const definition = messageById(`${header.message}.001.${header.version}`);
  return {
    kind: "statement",
    definition,
    container: CONTAINERS[header.message],
    messageId: header.messageId,
    sha256: header.sha256,
    size,
    reports: header.reports,
    entries: (batchSize) => stream.entries({ batchSize }),
  };
}

function readBytes(bytes: Uint8Array, maxBytes: number): InboundFile {
  const file = readBankFile(bytes, { maxBytes });
  const identified = {
    definition: file.definition,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    size: bytes.byteLength,
  };
  if (file.definition.message === "pain.002") {
    const report = readPaymentStatus(file);
    return { ...identified, kind: "status", messageId: report.messageId, report };
  }
  const statement = readStatement(file);
  const all: StreamedEntry[] = statement.reports.flatMap((report, index) =>
    report.entries.map((entry) => ({ report: index, entry })),
  );
  return {
    ...identified,
    kind: "statement",
    container: CONTAINERS[statement.message],
    messageId: statement.messageId,
    reports: statement.reports.map(({ entries, ...header }) => {
      void entries;
      return header;
    }),
    // eslint-disable-next-line @typescript-eslint/require-await -- the same shape as the stream reader's batches
    entries: async function* (batchSize) {
      for (let start = 0; start < all.length; start += batchSize) yield all.slice(start, start + batchSize);
    },
  };
}
