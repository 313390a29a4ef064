import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mulberry32 } from "../../testing/seeded-random.ts";
import type { ListEntry } from "../list-entry.ts";
import { BIRTH_DATE_OTHER, BIRTH_DATE_SAME_DAY, COUNTRY_SHARED, WEAK_ALIAS } from "./score-fields.ts";
import { buildScreeningIndex, DEFAULT_THRESHOLD, type IndexedEntry } from "./screening-index.ts";
import { evaluate, labelledPairs } from "./testing/labelled-set.ts";
import { syntheticList } from "./testing/synthetic-list.ts";

function entry(ref: string, kind: ListEntry["kind"], names: string[], more: Partial<ListEntry> = {}): IndexedEntry {
  return {
    source: "ofac",
    entry: {
      ref,
      kind,
      names: names.map((name, i) => ({ name, primary: i === 0 })),
      birthDates: [],
      nationalities: [],
      countries: [],
      identifiers: [],
      walletAddresses: [],
      programs: ["TEST"],
      ...more,
    },
  };
}

// Names and an address as OFAC's SDN list (public domain) writes them.
const LIST = [
  entry("putin", "person", ["PUTIN, Vladimir Vladimirovich", "Владимир Владимирович Путин"], {
    birthDates: ["1952-10-07"],
    nationalities: ["RU"],
  }),
  entry("rosneft", "entity", ["ROSNEFT OIL COMPANY", "Public Joint Stock Company Rosneft Oil Company"], {
    countries: ["RU"],
  }),
  entry("rosneft-person", "person", ["ROSNEFT, Igor"]),
  entry("tornado", "entity", ["TORNADO CASH"], {
    walletAddresses: [{ currency: "ETH", address: "0x8589427373D6D84E98730D7795D8f6f8731FDA16" }],
  }),
  entry("weak", "person", ["Ivan Ivanovich PETROV", "Vanya Petrov"], { birthDates: ["1970"] }),
];
LIST[4]!.entry.names[1]!.weak = true;

describe("C64 the screening index", () => {
  const index = buildScreeningIndex(LIST);

  it("C64 explains a hit: the alias, the parts aligned with their similarities, the fields that moved the score", () => {
    const [hit, ...rest] = index.screenName({
      name: "Vladimir Poutine",
      kind: "person",
      birthDate: "1952-10-07",
      countries: ["RU"],
    });
    assert.equal(rest.length, 0);
    assert.equal(hit?.entry.ref, "putin");
    const e = hit.explanation;
    assert.deepEqual(e.alias, { name: "PUTIN, Vladimir Vladimirovich", primary: true, weak: false });
    assert.deepEqual(
      e.parts.map((p) => [p.query, p.listed]),
      [
        ["vladimir", "vladimir"],
        ["poutine", "putin"],
      ],
    );
    assert.equal(e.parts[0]!.similarity, 1);
    assert.ok(e.parts[1]!.similarity > 0.9 && e.parts[1]!.similarity < 1);
    assert.deepEqual(e.unmatched, { query: [], listed: ["vladimirovich"] });
    assert.deepEqual(
      e.adjustments.map((a) => [a.field, a.change]),
      [
        ["birthDate", BIRTH_DATE_SAME_DAY],
        ["country", COUNTRY_SHARED],
      ],
    );
    assert.equal(hit.score, Math.min(1, Math.round((e.nameScore + BIRTH_DATE_SAME_DAY + COUNTRY_SHARED) * 1e4) / 1e4));
  });

  it("C64 a birth date far from the listed one lowers the score, and says so", () => {
    const plain = index.screenName({ name: "Vladimir Vladimirovich Putin", kind: "person" }, { threshold: 0.5 });
    const far = index.screenName(
      { name: "Vladimir Vladimirovich Putin", kind: "person", birthDate: "1990-01-01" },
      { threshold: 0.5 },
    );
    assert.equal(plain[0]!.score, 1);
    assert.equal(far[0]!.score, 1 + BIRTH_DATE_OTHER);
    assert.match(far[0]!.explanation.adjustments[0]!.reason, /1990-01-01 differs from 1952-10-07/);
    assert.deepEqual(
      index.screenName({ name: "Vladimir Vladimirovich Putin", kind: "person", birthDate: "1990-01-01" }),
      [],
      "below the default threshold",
    );
  });

  it("C64 a weak alias counts less and says so", () => {
    const [hit] = index.screenName({ name: "Vanya Petrov", kind: "person" }, { threshold: 0.5 });
    assert.equal(hit?.explanation.alias.weak, true);
    assert.deepEqual(hit?.explanation.adjustments, [
      { field: "weakAlias", change: WEAK_ALIAS, reason: "the list grades this alias weak" },
    ]);
  });

  it("C64 an entity never matches a person entry, nor a person an entity", () => {
    const asEntity = index.screenName({ name: "Rosneft Oil Company", kind: "entity" }).map((h) => h.entry.ref);
    assert.deepEqual(asEntity, ["rosneft"]);
    assert.deepEqual(
      index.screenName({ name: "Rosneft Oil LLC", kind: "entity" }).map((h) => h.entry.ref),
      ["rosneft"],
      "legal forms are not part of the name",
    );
    assert.deepEqual(
      index.screenName({ name: "Igor Rosneft", kind: "person" }).map((h) => h.entry.ref),
      ["rosneft-person"],
    );
    assert.deepEqual(index.screenName({ name: "Tornado Cash", kind: "person" }), []);
    assert.deepEqual(index.screenName({ name: "Vladimir Putin", kind: "entity" }), []);
  });

  it("C64 matches wallet addresses exactly and case-blind, through their own lookup", () => {
    for (const written of [
      "0x8589427373D6D84E98730D7795D8f6f8731FDA16",
      "0x8589427373d6d84e98730d7795d8f6f8731fda16",
      " 0X8589427373D6D84E98730D7795D8F6F8731FDA16 ".replace("0X", "0x"),
    ]) {
      const hits = index.screenAddress(written);
      assert.deepEqual(
        hits.map((h) => [h.entry.ref, h.currency, h.address]),
        [["tornado", "ETH", "0x8589427373D6D84E98730D7795D8f6f8731FDA16"]],
        written,
      );
    }
    assert.deepEqual(index.screenAddress("0x8589427373d6d84e98730d7795d8f6f8731fda17"), []);
    assert.deepEqual(index.screenAddress("8589427373d6d84e98730d7795d8f6f8731fda16"), []);
  });

  it("C64 an empty or punctuation-only name finds nothing", () => {
    assert.deepEqual(index.screenName({ name: " .,- ", kind: "person" }), []);
  });
});

describe("C64 matching quality on the labelled set", () => {
  const list = syntheticList(mulberry32(6410), 3000);
  const index = buildScreeningIndex(list);
  const pairs = labelledPairs(
    mulberry32(6411),
    list.filter((_, i) => i % 10 === 0),
    true,
  );

  it("C64 reaches precision ≥ 0.98 and recall ≥ 0.97 at the default threshold", () => {
    const quality = evaluate(index, pairs, { threshold: DEFAULT_THRESHOLD });
    assert.ok(pairs.length > 1500);
    assert.ok(quality.precision >= 0.98, `precision ${quality.precision}`);
    assert.ok(quality.recall >= 0.97, `recall ${quality.recall}`);
  });

  it("C64 blocking keeps recall: screening through the blocking keys finds what comparing every name finds", () => {
    const sample = pairs.filter((p) => p.match).slice(0, 600);
    const blocked = evaluate(index, sample, { threshold: DEFAULT_THRESHOLD });
    const everything = evaluate(index, sample, { threshold: DEFAULT_THRESHOLD, blocking: false });
    assert.ok(everything.recall - blocked.recall <= 0.005, `${blocked.recall} vs ${everything.recall}`);
  });
});
