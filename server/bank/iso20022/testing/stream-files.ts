import { writeFileSync } from "node:fs";
import path from "node:path";
import { readStatementStream, type StatementStream } from "../read-statement-stream.ts";
import { type BankStatement } from "../statement.ts";
import { scratchDir } from "../../../testing/scratch-dir.ts";

/*
 * The streaming reader reads files on disk: tests write their bytes to a folder of their own and compare what it
 * hands out with `readStatement`, put back into `readStatement`'s shape.
 */

const folder = scratchDir("bank-stream-");
let written = 0;

/** `bytes` as a file of its own; its path. */
export function fileOf(bytes: Uint8Array): string {
  const file = path.join(folder, `${++written}.xml`);
  writeFileSync(file, bytes);
  return file;
}

/** Everything the stream hands out, header and entries, as the `BankStatement` `readStatement` would give. */
export async function streamedStatement(stream: StatementStream, batchSize?: number): Promise<BankStatement> {
  const { sha256: _sha256, reports, ...header } = stream.header;
  const entries: BankStatement["reports"][number]["entries"][] = reports.map(() => []);
  for await (const batch of stream.entries({ batchSize })) {
    for (const { report, entry } of batch) entries[report]!.push(entry);
  }
  return {
    ...header,
    reports: reports.map(({ entryCount: _entryCount, ...report }, index) => ({ ...report, entries: entries[index]! })),
  };
}

/** Reads `bytes` through the streaming reader, start to end. */
export async function streamBytes(bytes: Uint8Array, maxBytes?: number): Promise<BankStatement> {
  return streamedStatement(await readStatementStream(fileOf(bytes), { maxBytes }));
}
