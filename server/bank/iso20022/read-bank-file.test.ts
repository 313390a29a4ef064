import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { XmlDocument } from "libxml2-wasm";
import { AppError } from "../../errors.ts";
import { BANK_FILE_PARSE_OPTIONS, readBankFile } from "./read-bank-file.ts";
import { fixture, spoiledFixture } from "./testing/fixtures.ts";
import { scratchDir } from "../../testing/scratch-dir.ts";

const encode = (text: string) => new TextEncoder().encode(text);

/** The refusal `readBankFile` throws for `bytes`, asserted to be one. */
function refusal(bytes: Uint8Array, options?: Parameters<typeof readBankFile>[1]): AppError {
  try {
    readBankFile(bytes, options);
  } catch (error) {
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    return error;
  }
  assert.fail("the file was accepted");
}

describe("readBankFile accepts every message and version the rail reads (C46)", () => {
  const cases: [string, string][] = [
    ["camt.052.001.08.xml", "camt.052.001.08"],
    ["camt.053.001.02.xml", "camt.053.001.02"],
    ["camt.053.001.04.xml", "camt.053.001.04"],
    ["camt.053.001.08.xml", "camt.053.001.08"],
    ["camt.054.001.02.xml", "camt.054.001.02"],
    ["camt.054.001.04.xml", "camt.054.001.04"],
    ["camt.054.001.08.xml", "camt.054.001.08"],
    ["pain.002.001.11.xml", "pain.002.001.11"],
  ];
  for (const [file, id] of cases) {
    it(`${file} is a valid ${id}`, () => {
      const read = readBankFile(fixture(file));
      assert.equal(read.definition.id, id);
      assert.equal(read.document.name, "Document");
    });
  }
});

describe("readBankFile refuses a file before reading anything from it (C46)", () => {
  it("C46 refuses a file over the size limit", () => {
    const error = refusal(fixture("camt.054.001.08.xml"), { maxBytes: 1000 });
    assert.equal(error.code, "PAYLOAD_TOO_LARGE");
    assert.deepEqual(error.fields, { file: "must be at most 1000 bytes" });
  });

  it("C46 refuses what is not XML: a PDF, an empty file, JSON", () => {
    for (const text of ["%PDF-1.7\n%âãÏÓ\n1 0 obj", "", "   ", '{"MsgId": "1"}']) {
      const error = refusal(encode(text));
      assert.equal(error.code, "VALIDATION");
      assert.match(error.fields?.file ?? "", /is not an XML document|has no root element/);
    }
  });

  it("C46 refuses XML that is not well-formed, saying where", () => {
    const error = refusal(spoiledFixture("camt.054.001.08.xml", "</GrpHdr>", "</GrpHeader>"));
    assert.equal(error.code, "VALIDATION");
    assert.match(error.fields?.file ?? "", /^is not well-formed XML \(line 10, column \d+: .*GrpHdr/);
  });

  it("C46 refuses a file in another encoding than UTF-8", () => {
    const latin1 = spoiledFixture("camt.054.001.08.xml", 'encoding="UTF-8"', 'encoding="ISO-8859-1"');
    assert.match(refusal(latin1).fields?.file ?? "", /must be encoded in UTF-8, not ISO-8859-1/);
    const utf16 = new Uint8Array([0xff, 0xfe, ...encode("<")]);
    assert.match(refusal(utf16).fields?.file ?? "", /must be encoded in UTF-8/);
  });

  it("C46 refuses a root that is not an ISO 20022 Document", () => {
    const error = refusal(encode('<?xml version="1.0"?><Invoice xmlns="urn:example"/>'));
    assert.deepEqual(error.fields, { Invoice: "is not an ISO 20022 message (the root element must be Document)" });
  });

  it("C46 refuses an unknown message or version by its namespace", () => {
    const newer = spoiledFixture("camt.054.001.08.xml", "camt.054.001.08", "camt.054.001.13");
    assert.deepEqual(refusal(newer).fields, {
      Document: "is in urn:iso:std:iso:20022:tech:xsd:camt.054.001.13, not a message and version Tokenrail reads",
    });
    const none = encode("<Document><BkToCstmrStmt/></Document>");
    assert.match(refusal(none).fields?.Document ?? "", /is in no namespace/);
  });

  it("C46 refuses a payment file of ours (pain.001) offered as a bank file", () => {
    const pain001 = encode('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>');
    assert.match(refusal(pain001).fields?.Document ?? "", /not a message and version Tokenrail reads/);
  });

  it("C46 refuses a schema-invalid file, naming the element, its line and the reason", () => {
    const error = refusal(
      spoiledFixture("camt.054.001.08.xml", '<Amt Ccy="EUR">1000.50</Amt>', '<Amt Ccy="EUR">1,000.50</Amt>'),
    );
    assert.equal(error.code, "VALIDATION");
    assert.deepEqual(Object.keys(error.fields ?? {}), ["Document/BkToCstmrDbtCdtNtfctn/Ntfctn/Ntry[2]/Amt"]);
    assert.match(
      error.fields?.["Document/BkToCstmrDbtCdtNtfctn/Ntfctn/Ntry[2]/Amt"] ?? "",
      /^line 91: Element 'Amt': '1,000.50' is not a valid value/,
    );
    assert.match(error.message, /is not a valid camt.054.001.08: .*Ntry\[2\]\/Amt: line 91/);
  });

  it("C46 refuses a file missing a required element, naming where it was expected", () => {
    const error = refusal(spoiledFixture("camt.053.001.02.xml", /<CdtDbtInd>CRDT<\/CdtDbtInd>\s*<Sts>/, "<Sts>"));
    const [[where, reason]] = Object.entries(error.fields ?? {}) as [[string, string]];
    assert.equal(where, "Document/BkToCstmrStmt/Stmt/Ntry/Sts");
    assert.match(reason, /Element 'Sts': This element is not expected. Expected is \( CdtDbtInd \)/);
  });

  it("C46 reports at most five schema errors", () => {
    const text = new TextDecoder().decode(fixture("camt.054.001.08.xml")).replaceAll("<Cd>BOOK</Cd>", "<Cd/>");
    const error = refusal(encode(text.replaceAll("<CdtDbtInd>CRDT</CdtDbtInd>", "<CdtDbtInd>CREDIT</CdtDbtInd>")));
    assert.equal(Object.keys(error.fields ?? {}).length, 5);
  });
});

describe("readBankFile never loads or expands an entity (C52)", () => {
  let server: Server;
  let requests = 0;
  let baseUrl = "";
  let secretFile = "";

  before(async () => {
    server = createServer((_request, response) => {
      requests++;
      response.end("<!ENTITY leak 'fetched'>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    secretFile = path.join(scratchDir("bank-xxe-"), "secret.txt");
    writeFileSync(secretFile, "TOP-SECRET-CONTENT");
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const valid = () => new TextDecoder().decode(fixture("camt.054.001.08.xml"));
  const withDoctype = (doctype: string, reference = "&x;") =>
    encode(valid().replace("<!--", `${doctype}\n<!--`).replace("INV-2026-0042", reference));

  it("C52 refuses an external entity reading a local file (file://), and shows nothing of it", () => {
    const error = refusal(withDoctype(`<!DOCTYPE Document [<!ENTITY x SYSTEM "file://${secretFile}">]>`));
    assert.equal(error.code, "VALIDATION");
    assert.match(error.fields?.file ?? "", /must not contain a DOCTYPE/);
    assert.doesNotMatch(JSON.stringify([error.message, error.fields]), /TOP-SECRET/);
  });

  it("C52 refuses an external entity or external DTD over http:// without fetching it", () => {
    refusal(withDoctype(`<!DOCTYPE Document [<!ENTITY x SYSTEM "${baseUrl}/entity">]>`));
    refusal(withDoctype(`<!DOCTYPE Document SYSTEM "${baseUrl}/dtd">`, "INV-2026-0042"));
    refusal(withDoctype(`<!DOCTYPE Document [<!ENTITY % p SYSTEM "${baseUrl}/p"> %p;]>`, "&leak;"));
    assert.equal(requests, 0);
  });

  it("C52 refuses a billion laughs at once, without expanding it", () => {
    const levels = ['<!ENTITY lol0 "lollollollollollollollollollol">'];
    for (let i = 1; i <= 9; i++) levels.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
    const bomb = withDoctype(`<!DOCTYPE Document [${levels.join("")}]>`, "&lol9;");
    const started = performance.now();
    const error = refusal(bomb);
    assert.ok(performance.now() - started < 500, "refused without expanding");
    assert.match(error.fields?.file ?? "", /must not contain a DOCTYPE/);
  });

  it("C52 finds a DOCTYPE behind a byte-order mark, comments and processing instructions", () => {
    const hidden = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- a <!DOCTYPE in a comment is text -->\n<?pi x?>\n<!DOCTYPE Document [<!ENTITY x "y">]>\n<Document/>`;
    assert.match(refusal(encode(hidden)).fields?.file ?? "", /^must not contain a DOCTYPE: .* \(line 4\)$/);
  });

  it("C52 accepts a schema location hint, as many banks send one, without following it", () => {
    const hinted = valid().replace(
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">',
      `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08 ${baseUrl}/camt.054.001.08.xsd">`,
    );
    assert.match(hinted, /xsi:schemaLocation/);
    assert.equal(readBankFile(encode(hinted)).definition.id, "camt.054.001.08");
    assert.equal(requests, 0);
  });

  it("C52 the parser behind the DOCTYPE check loads nothing either: no file read, no request, no expansion", () => {
    const xml = `<!DOCTYPE d [<!ENTITY f SYSTEM "file://${secretFile}"><!ENTITY h SYSTEM "${baseUrl}/h"><!ENTITY % p SYSTEM "${baseUrl}/p"> %p;]><d>&f;&h;</d>`;
    const document = XmlDocument.fromString(xml, { option: BANK_FILE_PARSE_OPTIONS });
    try {
      assert.equal(document.root.content, "");
    } finally {
      document.dispose();
    }
    assert.equal(requests, 0);
  });
});
