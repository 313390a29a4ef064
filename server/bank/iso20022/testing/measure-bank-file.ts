import { readFileSync, writeFileSync } from "node:fs";
import { readBankFile } from "../read-bank-file.ts";
import { readStatementStream } from "../read-statement-stream.ts";
import { readStatement } from "../read-statement.ts";
import { generateCamt054, syntheticCredits } from "./generate-camt054.ts";

/*
 * Time and memory of reading a large camt.054, for the figures in docs/bank.md:
 *
 *   npx tsx server/bank/iso20022/testing/measure-bank-file.ts generate 31000 /tmp/camt054-31000.xml
 *   npx tsx server/bank/iso20022/testing/measure-bank-file.ts read /tmp/camt054-31000.xml
 *   npx tsx server/bank/iso20022/testing/measure-bank-file.ts stream /tmp/camt054-31000.xml
 *
 * Generate and read in separate processes: WebAssembly memory only grows, so a process that generated a file would
 * report the generator's peak, not the reader's.
 */

const MB = 1024 * 1024;

function memory(stage: string, started: number): void {
  const usage = process.memoryUsage();
  const figures = [
    `rss ${(usage.rss / MB).toFixed(0)} MB`,
    `JS heap ${(usage.heapUsed / MB).toFixed(0)} MB`,
    `external (with WebAssembly) ${(usage.external / MB).toFixed(0)} MB`,
  ];
  console.log(`${stage.padEnd(22)} ${(performance.now() - started).toFixed(0).padStart(6)} ms  ${figures.join(", ")}`);
}

function generate(count: number, file: string): void {
  const started = performance.now();
  const bytes = generateCamt054({
    messageId: `NTF-${count}`,
    createdAt: "2026-11-26T10:00:00",
    accountIban: "DE89370400440532013000",
    credits: syntheticCredits(count),
  });
  writeFileSync(file, bytes);
  memory(`generated ${(bytes.byteLength / MB).toFixed(1)} MB`, started);
}

function read(file: string): void {
  let started = performance.now();
  memory("start", started);
  const bytes = readFileSync(file);
  memory(`file ${(bytes.byteLength / MB).toFixed(1)} MB in memory`, started);
  started = performance.now();
  const bankFile = readBankFile(bytes, { maxBytes: Number.MAX_SAFE_INTEGER });
  memory("checked and copied", started);
  started = performance.now();
  const statement = readStatement(bankFile);
  memory(`read ${statement.reports[0]?.entries.length ?? 0} entries`, started);
  console.log(`peak rss ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
}

/** The streaming reader: the first pass (every check) and the second (every entry, in batches of 500). */
async function stream(file: string): Promise<void> {
  let started = performance.now();
  memory("start", started);
  const statement = await readStatementStream(file, { maxBytes: Number.MAX_SAFE_INTEGER });
  memory(`checked ${statement.header.reports[0]?.entryCount ?? 0} entries`, started);
  started = performance.now();
  let count = 0;
  for await (const batch of statement.entries()) count += batch.length;
  memory(`read ${count} entries`, started);
  console.log(`peak rss ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
}

const [command, first, second] = process.argv.slice(2);
if (command === "generate" && first && second) generate(Number(first), second);
else if (command === "read" && first) read(first);
else if (command === "stream" && first) await stream(first);
else console.error("usage: measure-bank-file.ts generate <count> <file> | read <file> | stream <file>");
