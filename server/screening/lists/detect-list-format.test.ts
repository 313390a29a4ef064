import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { detectListFormat } from "./detect-list-format.ts";
import { readListFile } from "./read-list-file.ts";
import { bytesOf, listFixture } from "./testing/list-fixtures.ts";

describe("telling a list file's format from its first bytes", () => {
  it("C65 names each real excerpt's format, and the one door reads it as its own reader does", async () => {
    const expected: [string, string, string][] = [
      ["eu-fsf.xml", "eu-fsf-xml", "eu"],
      ["un-consolidated.xml", "un-sc-xml", "un"],
      ["ofac-sdn.xml", "ofac-sdn-xml", "ofac"],
      ["ofac-consolidated-2018.xml", "ofac-sdn-xml", "ofac"],
      ["ofac-sdn.csv", "ofac-sdn-csv", "ofac"],
      ["uk-sanctions-list.xml", "uk-fcdo-xml", "uk"],
    ];
    for (const [name, format, source] of expected) {
      const bytes = listFixture(name);
      assert.equal(detectListFormat(bytes), format, name);
      const list = await readListFile(bytes);
      assert.equal(list.source, source, name);
      assert.ok(list.entries.length > 0, name);
    }
  });

  it("C65 names nothing for other files: another namespace, OFSI's closed list, alt.csv, a bank statement, text", () => {
    const others = [
      `<?xml version="1.0"?><export xmlns="urn:example"><sanctionEntity/></export>`,
      `<?xml version="1.0"?><ArrayOfFinancialSanctionsTarget xmlns="http://schemas.hmtreasury.gov.uk/ofsi/consolidatedlist"/>`,
      `<?xml version="1.0"?><sdnList xmlns="urn:not-ofac"/>`,
      `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"/>`,
      `10416,10278,"aka","KARADH AL-HASSAN",-0- \r\n`,
      `just some text`,
      ``,
    ];
    for (const text of others) assert.equal(detectListFormat(bytesOf(text)), undefined, text);
    // A comment and a processing instruction before the root do not hide it; a prefixed root is read by its prefix.
    const commented = `<?xml version="1.0"?>\n<!-- <sdnList> --><?pi x?><s:CONSOLIDATED_LIST xmlns:s="urn:x"/>`;
    assert.equal(detectListFormat(bytesOf(commented)), undefined);
    assert.equal(detectListFormat(bytesOf(`\uFEFF<CONSOLIDATED_LIST dateGenerated="x">`)), "un-sc-xml");
  });
});
