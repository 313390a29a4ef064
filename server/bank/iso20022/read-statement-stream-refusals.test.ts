import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "../../errors.ts";
import { readBankFile } from "./read-bank-file.ts";
import { readStatementStream } from "./read-statement-stream.ts";
import { fixture, spoiledFixture } from "./testing/fixtures.ts";
import { fileOf, streamBytes } from "./testing/stream-files.ts";

/*
 * Every refusal of read-bank-file.test.ts, made by the streaming reader before it hands out anything: the same code
 * and, where the two parsers agree on the words, the same fields.
 */

const encode = (text: string) => new TextEncoder().encode(text);

async function streamRefusal(bytes: Uint8Array, maxBytes?: number): Promise<AppError> {
  const error = await readStatementStream(fileOf(bytes), { maxBytes }).then(
    () => undefined,
    (refusal: unknown) => refusal,
  );
  assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
  return error;
}

/** The streaming reader's refusal of `bytes`, asserted to carry `readBankFile`'s code and fields. */
async function sameRefusal(bytes: Uint8Array, maxBytes?: number): Promise<AppError> {
  const error = await streamRefusal(bytes, maxBytes);
  assert.throws(
    () => readBankFile(bytes, { maxBytes }),
    (whole: AppError) => {
      assert.equal(error.code, whole.code);
      assert.deepEqual(error.fields, whole.fields);
      assert.equal(error.message, whole.message);
      return true;
    },
  );
  return error;
}

const valid = () => new TextDecoder().decode(fixture("camt.054.001.08.xml"));
const withDoctype = (doctype: string, reference = "&x;") =>
  encode(valid().replace("<!--", `${doctype}\n<!--`).replace("INV-2026-0042", reference));

describe("readStatementStream refuses a file as readBankFile does, before handing out anything (C46, C52)", () => {
  it("C46 refuses a file over the size limit", async () => {
    const error = await sameRefusal(fixture("camt.054.001.08.xml"), 1000);
    assert.equal(error.code, "PAYLOAD_TOO_LARGE");
  });

  it("C46 refuses what is not XML: a PDF, an empty file, JSON", async () => {
    for (const text of ["%PDF-1.7\n%âãÏÓ\n1 0 obj", "", "   ", '{"MsgId": "1"}']) await sameRefusal(encode(text));
  });

  it("C46 refuses XML that is not well-formed, saying where", async () => {
    const error = await streamRefusal(spoiledFixture("camt.054.001.08.xml", "</GrpHdr>", "</GrpHeader>"));
    assert.equal(error.code, "VALIDATION");
    assert.match(error.fields?.file ?? "", /^is not well-formed XML \(line 10, column \d+: .*GrpHdr/);
  });

  it("C46 refuses bytes that are not UTF-8", async () => {
    const text = valid();
    const at = new TextEncoder().encode(text.slice(0, text.indexOf("INV-2026-0042"))).byteLength;
    const bytes = fixture("camt.054.001.08.xml").slice();
    bytes[at] = 0xe9;
    assert.equal(
      (await sameRefusal(bytes)).fields?.file,
      `must be encoded in UTF-8 (ISO 20022 files are): byte ${at} is not UTF-8`,
    );
  });

  it("C46 refuses a file in another encoding than UTF-8", async () => {
    await sameRefusal(spoiledFixture("camt.054.001.08.xml", 'encoding="UTF-8"', 'encoding="ISO-8859-1"'));
    await sameRefusal(new Uint8Array([0xff, 0xfe, ...encode("<")]));
  });

  it("C46 refuses a root that is not an ISO 20022 Document, or an unknown message or version", async () => {
    await sameRefusal(encode('<?xml version="1.0"?><Invoice xmlns="urn:example"/>'));
    await sameRefusal(spoiledFixture("camt.054.001.08.xml", "camt.054.001.08", "camt.054.001.13"));
    await sameRefusal(encode("<Document><BkToCstmrStmt/></Document>"));
    await sameRefusal(encode('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>'));
  });

  it("C46 refuses a message that is not a statement, as readStatement does", async () => {
    const error = await streamRefusal(fixture("pain.002.001.11.xml"));
    assert.deepEqual(error.fields, { Document: "is a pain.002.001.11, not a camt.052, camt.053 or camt.054" });
  });

  it("C46 refuses a schema-invalid entry, naming the element, its line and the reason", async () => {
    const error = await sameRefusal(
      spoiledFixture("camt.054.001.08.xml", '<Amt Ccy="EUR">1000.50</Amt>', '<Amt Ccy="EUR">1,000.50</Amt>'),
    );
    assert.match(error.fields?.["Document/BkToCstmrDbtCdtNtfctn/Ntfctn/Ntry[2]/Amt"] ?? "", /^line 91: /);
    await sameRefusal(spoiledFixture("camt.053.001.02.xml", /<CdtDbtInd>CRDT<\/CdtDbtInd>\s*<Sts>/, "<Sts>"));
  });

  it("C46 names an invalid entry of a second report, or of a file with prefixed names, as readBankFile does", async () => {
    const text = valid().replace('<Amt Ccy="EUR">1000.50</Amt>', '<Amt Ccy="EUR">1,000.50</Amt>');
    const report = /\s*<Ntfctn>[\s\S]*<\/Ntfctn>/.exec(valid())![0];
    const error = await sameRefusal(encode(text.replace("</Ntfctn>", `</Ntfctn>${report}`)));
    assert.deepEqual(Object.keys(error.fields ?? {}), ["Document/BkToCstmrDbtCdtNtfctn/Ntfctn[1]/Ntry[2]/Amt"]);
    await sameRefusal(encode(text.replace(/<(\/?)([A-Za-z])/g, "<$1c:$2").replace('xmlns="', 'xmlns:c="')));
  });

  it("C46 refuses a schema-invalid envelope, naming the element and its line in the file", async () => {
    await sameRefusal(spoiledFixture("camt.054.001.08.xml", /<MsgId>(.*)<\/MsgId>/, "<MsgIdent>$1</MsgIdent>"));
    // After the entries: the envelope's lines are the file's, the entries cut out of it notwithstanding.
    await sameRefusal(spoiledFixture("camt.054.001.08.xml", "</Ntfctn>", "<Unknown/></Ntfctn>"));
  });

  it("C46 refuses entries where the schema allows none: after the report's closing element, or split by it", async () => {
    const late = spoiledFixture("camt.053.001.08.xml", /(<Ntry>[\s\S]*<\/Ntry>)/, "<AddtlStmtInf>x</AddtlStmtInf>$1");
    const error = await streamRefusal(late);
    assert.match(Object.values(error.fields ?? {})[0] ?? "", /Element 'Ntry': This element is not expected/);
    const split = spoiledFixture("camt.053.001.08.xml", /<\/Ntry>/, "</Ntry><AddtlStmtInf>x</AddtlStmtInf>");
    await streamRefusal(split);
  });

  it("C46 reports at most five schema errors", async () => {
    const text = valid().replaceAll("<Cd>BOOK</Cd>", "<Cd/>");
    const error = await sameRefusal(
      encode(text.replaceAll("<CdtDbtInd>CRDT</CdtDbtInd>", "<CdtDbtInd>CREDIT</CdtDbtInd>")),
    );
    assert.equal(Object.keys(error.fields ?? {}).length, 5);
  });

  it("C52 refuses any DOCTYPE before parsing: external entities, an external DTD, a billion laughs", async () => {
    await sameRefusal(withDoctype(`<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>`));
    await sameRefusal(withDoctype(`<!DOCTYPE Document SYSTEM "http://127.0.0.1:9/dtd">`, "INV-2026-0042"));
    const levels = ['<!ENTITY lol0 "lollollollollollollollollollol">'];
    for (let i = 1; i <= 9; i++) levels.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
    const started = performance.now();
    await sameRefusal(withDoctype(`<!DOCTYPE Document [${levels.join("")}]>`, "&lol9;"));
    assert.ok(performance.now() - started < 500, "refused without expanding");
    const hidden = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- a <!DOCTYPE in a comment is text -->\n<?pi x?>\n<!DOCTYPE Document [<!ENTITY x "y">]>\n<Document/>`;
    await sameRefusal(encode(hidden));
  });

  it("C52 the parser behind the prolog scan refuses a DOCTYPE too, and never expands an entity", async () => {
    // A prolog longer than the scan looks at: the DOCTYPE reaches saxes, which refuses it.
    const long = valid().replace("<!--", `<!--${" ".repeat(70_000)}-->\n<!DOCTYPE Document [<!ENTITY x "y">]>\n<!--`);
    const error = await streamRefusal(encode(long.replace("INV-2026-0042", "&x;")));
    assert.match(error.fields?.file ?? "", /must not contain a DOCTYPE/);
  });

  it("C52 accepts a schema location hint without following it", async () => {
    const hinted = valid().replace(
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08 http://127.0.0.1:9/camt.054.001.08.xsd">',
    );
    assert.equal((await streamBytes(encode(hinted))).reports[0]!.entries.length, 4);
  });
});
