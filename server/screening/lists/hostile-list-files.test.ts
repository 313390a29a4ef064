import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mulberry32 } from "../../testing/seeded-random.ts";
import { type ParsedList } from "../list-entry.ts";
import { readEuList } from "./read-eu-list.ts";
import { readListFile } from "./read-list-file.ts";
import { readOfacSdnCsv } from "./read-ofac-sdn-csv.ts";
import { readOfacSdnXml } from "./read-ofac-sdn-xml.ts";
import { readUkList } from "./read-uk-list.ts";
import { readUnList } from "./read-un-list.ts";
import { hostileXmlFiles } from "./testing/hostile-list-files.ts";
import { bytesOf, fixtureText, listFixture, refusal } from "./testing/list-fixtures.ts";

/*
 * A list file that is not exactly one of the official formats, whole, is refused with a VALIDATION that says why,
 * and nothing is read from it (C65: a refused file changes nothing, because there is nothing to change it with).
 */

const READERS: [string, string, (bytes: Uint8Array) => Promise<ParsedList>][] = [
  ["eu-fsf.xml", "sanctionEntity", readEuList],
  ["un-consolidated.xml", "INDIVIDUAL", readUnList],
  ["ofac-sdn.xml", "sdnEntry", readOfacSdnXml],
  ["ofac-consolidated-2018.xml", "sdnEntry", readOfacSdnXml],
  ["uk-sanctions-list.xml", "Designation", readUkList],
];

const SEED = Number(process.env.LIST_FUZZ_SEED ?? 32_065);
const CUTS = Number(process.env.LIST_FUZZ_CUTS ?? 120);

describe("hostile sanctions list files", () => {
  for (const [name, entry, read] of READERS) {
    it(`C65 ${name}: a DOCTYPE, deep nesting, a huge value, another encoding, no entries are each refused`, async () => {
      for (const file of hostileXmlFiles(name, entry)) {
        const error = await refusal(() => read(file.bytes));
        assert.equal(error.code, "VALIDATION", file.what);
        assert.match(error.fields?.file ?? "", file.says, `${name}, ${file.what}: ${error.message}`);
        assert.match(error.message, /^The sanctions list file was refused: file /, file.what);
      }
    });
  }

  it("C65 each reader refuses the other lists' files, naming the root it found", async () => {
    for (const [name, , read] of READERS) {
      for (const [other] of READERS.filter(([candidate, , reader]) => reader !== read && candidate !== name)) {
        const error = await refusal(() => read(listFixture(other)));
        assert.match(error.fields?.file ?? "", /^is not the .* its root element is /, `${other} read as ${name}`);
      }
    }
    const camt = `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"/>`;
    const error = await refusal(() => readListFile(bytesOf(camt)));
    assert.match(
      error.message,
      /is none of the lists Tokenrail reads .*: its root element is \{urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.08\}Document/,
    );
    assert.match((await refusal(() => readListFile(bytesOf("")))).message, /it is empty/);
    assert.match((await refusal(() => readListFile(bytesOf("name,dob\nX,1970\n")))).message, /it is not XML/);
  });

  it("C65 an entry without its identifier or its name refuses the whole file, and so does a repeated identifier", async () => {
    const uk = fixtureText("uk-sanctions-list.xml");
    const cases: [string, (bytes: Uint8Array) => Promise<unknown>, RegExp][] = [
      [
        uk.replace("<UniqueID>AQD0128</UniqueID>", ""),
        readUkList,
        /has an entry without its identifier \(Designation 2\)/,
      ],
      [
        uk.replace("<UniqueID>AQD0128</UniqueID>", "<UniqueID>AFG0011</UniqueID>"),
        readUkList,
        /two entries with the identifier AFG0011/,
      ],
      [
        fixtureText("ofac-sdn.xml").replace("<lastName>MAR AZUL</lastName>", ""),
        readOfacSdnXml,
        /without a name \(sdnEntry 3\)/,
      ],
      [
        fixtureText("ofac-sdn.xml").replace("<sdnType>Vessel</sdnType>", "<sdnType>Ship</sdnType>"),
        readOfacSdnXml,
        /type OFAC does not publish: "Ship" \(uid 4238\)/,
      ],
      [
        fixtureText("un-consolidated.xml").replace("<DATAID>6907993</DATAID>", "<DATAID/>"),
        readUnList,
        /without its identifier \(INDIVIDUAL 1\)/,
      ],
    ];
    for (const [text, read, says] of cases) {
      assert.match((await refusal(() => read(bytesOf(text)))).fields?.file ?? "", says);
    }
  });

  it("C65 an sdn.xml holding fewer entries than its Record_Count says was cut, and is refused", async () => {
    const text = fixtureText("ofac-sdn.xml").replace(
      "<Record_Count>5</Record_Count>",
      "<Record_Count>6</Record_Count>",
    );
    const error = await refusal(() => readOfacSdnXml(bytesOf(text)));
    assert.equal(error.fields?.file, "says it has 6 entries (Record_Count) but holds 5");
  });

  it("C65 the CSV trio refuses rows cut short, an unclosed quote, strays between its files and other encodings", async () => {
    const sdn = fixtureText("ofac-sdn.csv");
    const alt = fixtureText("ofac-alt.csv");
    const cases: [Parameters<typeof readOfacSdnCsv>[0], RegExp][] = [
      [{ sdn: bytesOf(sdn.slice(0, sdn.indexOf("\r\n") + "\r\n11195,".length)) }, /line 2 has 2 fields, not 12/],
      [
        { sdn: bytesOf(sdn.slice(0, sdn.indexOf('"', sdn.indexOf("\r\n") + 8) + 4)) },
        /a quote opened in sdn\.csv is never closed/,
      ],
      [
        { sdn: bytesOf(sdn), alt: bytesOf(`${alt}99999,1,"aka","STRAY",-0- \r\n`) },
        /names entry 99999 in alt\.csv, which sdn\.csv does not have/,
      ],
      [
        { sdn: new Uint8Array([...bytesOf(sdn.slice(0, 40)), 0xe9, ...bytesOf(sdn.slice(40))]) },
        /must be encoded in UTF-8 \(sdn\.csv is not\)/,
      ],
      [{ sdn: bytesOf("") }, /without a single entry/],
    ];
    for (const [files, says] of cases) {
      assert.match((await refusal(() => readOfacSdnCsv(files))).fields?.file ?? "", says);
    }
  });

  it(`C65 a real list cut at any byte before its end is refused, never read in part (seed ${SEED})`, async () => {
    const random = mulberry32(SEED);
    for (const [name, , read] of READERS) {
      const bytes = listFixture(name);
      // Past the root's end tag only white space is left: cutting there leaves the list whole.
      const end = new TextDecoder().decode(bytes).trimEnd().length;
      const whole = bytesOf(new TextDecoder().decode(bytes).slice(0, end)).byteLength;
      const cuts = [0, 1, whole - 1, ...Array.from({ length: CUTS }, () => Math.floor(random() * whole))];
      for (const cut of cuts) {
        const error = await refusal(() => read(bytes.subarray(0, cut)));
        assert.equal(error.code, "VALIDATION", `seed ${SEED}: ${name} cut at byte ${cut}`);
      }
    }
  });
});
