import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mulberry32 } from "../../testing/seeded-random.ts";
import { readUnList } from "./read-un-list.ts";
import { listFixture } from "./testing/list-fixtures.ts";

describe("the UN Security Council list reader", () => {
  it("C65 reads the real consolidated excerpt: DATAID, low-quality aliases as weak, original script, documents", async () => {
    const list = await readUnList(listFixture("un-consolidated.xml"));
    assert.equal(list.source, "un");
    assert.equal(list.publishedAt, "2026-02-27T00:00:09.554Z");
    assert.equal(list.entries.length, 27);
    assert.equal(list.entries.filter((entry) => entry.kind === "entity").length, 8);
    const byRef = new Map(list.entries.map((entry) => [entry.ref, entry]));

    const saddam = byRef.get("6908048")!;
    assert.deepEqual(saddam.names, [
      { name: "SADDAM HUSSEIN AL-TIKRITI", primary: true },
      { name: "صدام حسين التكريتي", primary: false },
      { name: "Abu Ali", primary: false, weak: true },
    ]);
    assert.deepEqual(
      [saddam.birthDates, saddam.nationalities, saddam.listedOn],
      [["1937-04-28"], ["IQ"], "2003-06-27"],
    );

    const umarov = byRef.get("2960872")!;
    assert.equal(umarov.names[1]!.name, "Умаров Доку Хаматович");
    assert.deepEqual(umarov.identifiers[0], { kind: "Passport", value: "96 03 464086", country: "RU" });
    assert.deepEqual(umarov.birthDates, ["1964-04-13", "1965-04-13", "1964-05-12", "1955"]);

    // "United Republic of Tanzania", "Democratic Republic of the Congo": the UN's names become codes.
    assert.deepEqual(byRef.get("6908012")!.identifiers[0], { kind: "Passport", value: "OB 0243318", country: "CD" });
    assert.deepEqual(byRef.get("6907995")!.names[1], { name: "Rumuli", primary: false, weak: true });
    assert.deepEqual(byRef.get("6908049")!.birthDates, ["1965", "1966"]);
    assert.equal(byRef.get("113457")!.names[1]!.name, "الاتحاد الاسلامي");
  });
});

async function* toAsync(chunks: Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield await Promise.resolve(chunk);
}

describe("the UN list read as a stream", () => {
  it("C65 gives the same list from chunks of any size, a chunk ending inside an Arabic or Cyrillic letter included", async () => {
    const bytes = listFixture("un-consolidated.xml");
    const whole = await readUnList(bytes);
    const random = mulberry32(32_066);
    function* chunks(): Generator<Uint8Array> {
      for (let at = 0; at < bytes.byteLength;) {
        const size = 1 + Math.floor(random() * 700);
        yield bytes.subarray(at, at + size);
        at += size;
      }
    }
    for (let run = 0; run < 5; run++) assert.deepEqual(await readUnList(toAsync(chunks())), whole);
  });
});
