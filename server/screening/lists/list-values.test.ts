import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { countryCode } from "./country-codes.ts";
import { isoDate, ofacDates, partialDate, ukDate, usDate } from "./list-dates.ts";

describe("the lists' countries and dates", () => {
  it("C65 country names and codes as the lists write them become ISO 3166-1 alpha-2", () => {
    const cases: [string, string | undefined][] = [
      ["Russian Federation", "RU"],
      ["Russia", "RU"],
      ["Iran (Islamic Republic of)", "IR"],
      ["IRAN (ISLAMIC REPUBLIC OF)", "IR"],
      ["Syrian Arab Republic", "SY"],
      ["Korea, North", "KP"],
      ["Democratic People's Republic of Korea", "KP"],
      ["Democratic Republic of the Congo", "CD"],
      ["Congo", "CG"],
      ["United Republic of Tanzania", "TZ"],
      ["Côte d'Ivoire", "CI"],
      ["COTE D’IVOIRE", "CI"],
      ["Bosnia and Herzegovina", "BA"],
      ["Trinidad & Tobago", "TT"],
      ["Saint Kitts and Nevis", "KN"],
      ["Burma", "MM"],
      ["Türkiye", "TR"],
      ["Palestinian", "PS"],
      ["United Kingdom", "GB"],
      ["UK", "GB"],
      ["United States", "US"],
      ["Virgin Islands, British", "VG"],
      ["China, Hong Kong Special Administrative Region", "HK"],
      ["RU", "RU"],
      ["iq", "IQ"],
      ["00", undefined],
      ["UNKNOWN", undefined],
      ["Atlantis", undefined],
      ["", undefined],
    ];
    for (const [name, code] of cases) assert.equal(countryCode(name), code, name);
  });

  it("C65 dates become YYYY, YYYY-MM or YYYY-MM-DD, as precise as the list and only when real", () => {
    assert.equal(partialDate(1970, 2, 29), undefined);
    assert.equal(partialDate(1972, 2, 29), "1972-02-29");
    assert.equal(partialDate(1972, 13), undefined);
    assert.equal(isoDate("1937-04-28"), "1937-04-28");
    assert.equal(isoDate("2026-02-27T00:00:09.554Z"), "2026-02-27");
    assert.equal(isoDate("1957 (approximative)"), undefined);
    assert.deepEqual(ofacDates("10 Dec 1948"), ["1948-12-10"]);
    assert.deepEqual(ofacDates("Dec 1948"), ["1948-12"]);
    assert.deepEqual(ofacDates("circa 1962"), ["1962"]);
    assert.deepEqual(ofacDates("1961 to 1963"), ["1961", "1963"]);
    assert.deepEqual(ofacDates("31 Feb 1970"), []);
    assert.equal(usDate("08/07/2026"), "2026-08-07");
    assert.equal(ukDate("12/11/1967"), "1967-11-12");
    assert.equal(ukDate("dd/09/1958"), "1958-09");
    assert.equal(ukDate("dd/mm/1968"), "1968");
    assert.equal(ukDate("1985"), "1985");
    assert.equal(ukDate("31/02/1985"), undefined);
  });
});
