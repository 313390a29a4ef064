import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { describe, it } from "node:test";
import { AppError } from "../../errors.ts";
import { readBankFile } from "./read-bank-file.ts";
import { readStatementStream } from "./read-statement-stream.ts";
import { readStatement } from "./read-statement.ts";
import { fixture } from "./testing/fixtures.ts";
import { generateCamt054, syntheticCredits } from "./testing/generate-camt054.ts";
import { fileOf, streamBytes, streamedStatement } from "./testing/stream-files.ts";

const STATEMENTS = [
  "camt.052.001.08.xml",
  "camt.053.001.02.xml",
  "camt.053.001.04.xml",
  "camt.053.001.08.xml",
  "camt.054.001.02.xml",
  "camt.054.001.04.xml",
  "camt.054.001.08.xml",
];

const large = (count: number) =>
  generateCamt054({
    messageId: "NTF-STREAM-1",
    createdAt: "2026-11-26T10:00:00",
    accountIban: "DE89370400440532013000",
    credits: syntheticCredits(count),
  });

describe("readStatementStream hands out what readStatement reads (C46)", () => {
  for (const name of STATEMENTS) {
    it(`C46 ${name}: the same header and entries, in batches of one or of many`, async () => {
      const whole = readStatement(readBankFile(fixture(name)));
      const stream = await readStatementStream(fileOf(fixture(name)));
      assert.deepEqual(await streamedStatement(stream, 1), whole);
      assert.deepEqual(await streamedStatement(stream), whole);
      assert.deepEqual(
        stream.header.reports.map((report) => report.entryCount),
        whole.reports.map((report) => report.entries.length),
      );
    });
  }

  it("C46 the same of a file with a byte-order mark, CRLF lines, prefixed names or several reports", async () => {
    const text = new TextDecoder().decode(fixture("camt.054.001.08.xml"));
    const report = /\s*<Ntfctn>[\s\S]*<\/Ntfctn>/.exec(text)![0];
    const variants = [
      `\uFEFF${text}`,
      text.replaceAll("\n", "\r\n"),
      text.replace(/<(\/?)([A-Za-z])/g, "<$1c:$2").replace('xmlns="', 'xmlns:c="'),
      text.replace(report, `${report}${report.replaceAll("NTF-20261126-0001-1", "NTF-20261126-0001-2")}`),
    ];
    for (const variant of variants) {
      const bytes = new TextEncoder().encode(variant);
      assert.deepEqual(await streamBytes(bytes), readStatement(readBankFile(bytes)));
    }
  });

  it("C46 a generated camt.054 of 10,000 credits streams to the entries readStatement reads", async (context) => {
    const bytes = large(10_000);
    const whole = readStatement(readBankFile(bytes));
    const started = performance.now();
    const streamed = await streamBytes(bytes);
    context.diagnostic(`${(bytes.byteLength / 1e6).toFixed(1)} MB streamed in ${performance.now() - started} ms`);
    const entries = streamed.reports[0]!.entries;
    assert.equal(entries.length, 10_000);
    // libxml2 keeps an element's line in 16 bits: past line 65,535 the whole-file reader says 65,535, the stream
    // the true line.
    assert.ok(entries.at(-1)!.line > 65_535);
    for (const entry of entries) entry.line = Math.min(entry.line, 65_535);
    assert.deepEqual(streamed, whole);
  });

  it("C46 an invalid entry in the middle of a large file is refused with its path and its line in the file", async () => {
    const lines = new TextDecoder().decode(large(3_000)).split("\n");
    const entryLines = lines.flatMap((line, index) => (line.trim() === "<Ntry>" ? [index] : []));
    // The amount of the 1,500th entry, the line after its start tag; `index + 1` is its line number.
    const index = entryLines[1499]! + 1;
    lines[index] = lines[index]!.replace(/>[\d.]+</, ">1,5<");
    const bytes = new TextEncoder().encode(lines.join("\n"));
    const error = await readStatementStream(fileOf(bytes)).then(
      () => assert.fail("the file was accepted"),
      (refusal: unknown) => refusal,
    );
    assert.ok(error instanceof AppError);
    assert.equal(error.code, "VALIDATION");
    const path = "Document/BkToCstmrDbtCdtNtfctn/Ntfctn/Ntry[1500]/Amt";
    assert.deepEqual(Object.keys(error.fields ?? {}), [path]);
    assert.match(error.fields?.[path] ?? "", new RegExp(`^line ${index + 1}: Element 'Amt': '1,5' is not a valid`));
    assert.match(error.message, /is not a valid camt.054.001.08: .*Ntry\[1500\]\/Amt: line/);
  });

  it("C46 a file changed between the check and the reading of its entries fails the reading", async () => {
    const file = fileOf(fixture("camt.054.001.08.xml"));
    const stream = await readStatementStream(file);
    writeFileSync(
      file,
      fixture("camt.054.001.08.xml")
        .subarray()
        .map((byte) => (byte === 0x37 ? 0x38 : byte)),
    );
    await assert.rejects(streamedStatement(stream), /changed while it was read/);
  });
});
