import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readEuList } from "./read-eu-list.ts";
import { listFixture } from "./testing/list-fixtures.ts";

describe("the EU consolidated list reader", () => {
  it("C65 reads the real FSF excerpt: references, names in every script, dates, citizenship, identifiers", async () => {
    const list = await readEuList(listFixture("eu-fsf.xml"));
    assert.equal(list.source, "eu");
    assert.equal(list.publishedAt, "2026-08-05T16:47:04.449+02:00");
    assert.equal(list.publisherVersion, "184961");
    assert.deepEqual(
      list.entries.map((entry) => [entry.ref, entry.kind]),
      [
        ["13", "person"],
        ["191", "person"],
        ["980", "entity"],
        ["330", "entity"],
      ],
    );
    const [saddam, khalid, relief, trust] = list.entries;
    assert.deepEqual(saddam, {
      ref: "13",
      kind: "person",
      names: [
        { name: "Saddam Hussein Al-Tikriti", primary: true },
        { name: "Abu Ali", primary: false },
        { name: "Abou Ali", primary: false },
      ],
      birthDates: ["1937-04-28"],
      nationalities: ["IQ"],
      countries: ["IQ"],
      identifiers: [],
      walletAddresses: [],
      programs: ["IRQ"],
      listedOn: "2003-07-08",
      remarks: "UNSC RESOLUTION 1483",
    });
    assert.ok(khalid!.names.some((name) => name.name === "Khalid Sheikh MOHAMMED"));
    assert.deepEqual(khalid!.birthDates, ["1965-04-14", "1964-03-01"]);
    // The EU's "00" country is its "unknown": the passport keeps no country rather than a wrong one.
    assert.deepEqual(khalid!.identifiers, [{ kind: "National passport", value: "488555" }]);
    assert.deepEqual(relief!.countries, ["US"]);
    assert.equal(trust!.listedOn, "2001-10-06");
    assert.ok(trust!.names.some((name) => name.name === "Организация за подпомагане на Ulema, Пакистан"));
    assert.deepEqual(trust!.countries, ["PK"]);
  });
});
