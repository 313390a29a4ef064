import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readUkList } from "./read-uk-list.ts";
import { listFixture } from "./testing/list-fixtures.ts";

describe("the UK Sanctions List reader", () => {
  it("C65 reads the real FCDO excerpt: persons, an entity and a ship, low-quality aliases weak, non-Latin names", async () => {
    const list = await readUkList(listFixture("uk-sanctions-list.xml"));
    assert.equal(list.source, "uk");
    assert.equal(list.publishedAt, "2026-08-14T23:00:04.744Z");
    assert.deepEqual(
      list.entries.map((entry) => [entry.ref, entry.kind]),
      [
        ["AFG0011", "person"],
        ["AQD0128", "person"],
        ["AQD0377", "entity"],
        ["DPR0075", "vessel"],
      ],
    );
    const [mansur, mazidih, ktj, petrel] = list.entries;
    assert.deepEqual(mansur!.names, [
      { name: "ABDUL LATIF MANSUR", primary: true },
      { name: "Abdul Latif MANSOOR", primary: false },
      { name: "Wali MOHAMMAD", primary: false },
      { name: "عبد اللطيف منصور", primary: false },
    ]);
    // "dd/mm/1968" is a year, "12/11/1967" a day (given twice, kept once); the passport's leading space goes.
    assert.deepEqual(mansur!.birthDates, ["1968", "1967-11-12"]);
    assert.deepEqual(mansur!.identifiers.slice(0, 2), [
      { kind: "Passport", value: "D0009720" },
      { kind: "Passport", value: "D0010442" },
    ]);
    assert.deepEqual([mansur!.nationalities, mansur!.countries, mansur!.listedOn], [["AF"], ["AF"], "2001-01-31"]);

    // "Primary name" in lower case is still the primary name; "Low quality a.k.a" is weak.
    assert.deepEqual(mazidih!.names[0], { name: "AKRAM TURKI HISHAN AL-MAZIDIH", primary: true });
    assert.deepEqual(mazidih!.names[1], { name: "Abu Akram", primary: false, weak: true });
    assert.deepEqual(mazidih!.birthDates, ["1974", "1975", "1979", "1958-09", "1985"]);
    assert.deepEqual(mazidih!.identifiers[0], { kind: "National ID", value: "0075258" });

    assert.equal(ktj!.names.at(-1)!.name, "Катиба ат-Таухид валь-Джихад");
    assert.deepEqual(petrel!.identifiers, [{ kind: "IMO", value: "IMO9562233" }]);
    assert.deepEqual(petrel!.countries, ["KM"]);
    assert.deepEqual(petrel!.programs, [
      "The Democratic People's Republic of Korea (Sanctions) (EU Exit) Regulations 2019",
    ]);
  });
});
