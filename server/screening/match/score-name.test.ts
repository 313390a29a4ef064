import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mulberry32 } from "../../testing/seeded-random.ts";
import { jaro, jaroWinkler } from "./jaro-winkler.ts";
import { normalizeName } from "./normalize-name.ts";
import { compareNames } from "./score-name.ts";
import { typo } from "./testing/labelled-set.ts";
import { pick, romanize, surnameOf, westSurname, type Rng } from "./testing/synthetic-list.ts";
import { RU_GIVEN, WEST_GIVEN } from "./testing/name-pools.ts";

const score = (a: string, b: string) => compareNames(normalizeName(a, "person"), normalizeName(b, "person")).score;

describe("C64 Jaro–Winkler", () => {
  it("C64 gives Winkler's published values", () => {
    // Winkler (1990) and the examples every implementation is checked against.
    const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 0.001, `${actual}`);
    close(jaroWinkler("MARTHA", "MARHTA"), 0.961);
    close(jaroWinkler("DWAYNE", "DUANE"), 0.84);
    close(jaroWinkler("DIXON", "DICKSONX"), 0.813);
    close(jaro("JELLYFISH", "SMELLYFISH"), 0.896);
    assert.equal(jaroWinkler("ABC", "XYZ"), 0);
    assert.equal(jaroWinkler("", ""), 1);
    assert.equal(jaroWinkler("A", ""), 0);
  });
});

/** A three-part Russian name in a random transliteration. */
function randomName(rng: Rng): string[] {
  return [pick(rng, RU_GIVEN), pick(rng, RU_GIVEN) + "ович", surnameOf(rng)].map((p) => romanize(p, 0));
}

describe("C64 name scores (seeded properties)", () => {
  it("C64 stay within 0..1, are 1 for the same name, and ignore word order", () => {
    const rng = mulberry32(6401);
    for (let n = 0; n < 300; n++) {
      const parts = randomName(rng);
      const other = randomName(rng);
      const s = score(parts.join(" "), other.join(" "));
      assert.ok(s >= 0 && s <= 1, `${s}`);
      assert.equal(score(parts.join(" "), parts.join(" ")), 1);
      const shuffled = [parts[2], parts[0], parts[1]].join(" ");
      assert.equal(score(shuffled, other.join(" ")), s, `${shuffled} / ${other.join(" ")}`);
    }
  });

  it("C64 a typo in a surname costs less than another surname, and a dropped middle name less than a different one", () => {
    const rng = mulberry32(6402);
    for (let n = 0; n < 300; n++) {
      const [given, middle, surname] = randomName(rng) as [string, string, string];
      const full = `${given} ${middle} ${surname}`;
      const misspelt = `${given} ${middle} ${typo(rng, surname)}`;
      const unrelated = score(`${given} ${middle} ${westSurname(rng)}`, full);
      assert.ok(score(misspelt, full) > unrelated, misspelt);
      const dropped = score(`${given} ${surname}`, full);
      const replaced = score(`${given} ${pick(rng, WEST_GIVEN)} ${surname}`, full);
      assert.ok(dropped > replaced, `${full}: dropped ${dropped}, replaced ${replaced}`);
      assert.ok(score(surname, full) < score(`${given} ${surname}`, full), "a surname alone tells less");
    }
  });

  it("C64 another transliteration of the same Cyrillic name scores higher than any other name", () => {
    const rng = mulberry32(6403);
    for (let n = 0; n < 200; n++) {
      const cyrillic = [pick(rng, RU_GIVEN), surnameOf(rng)].join(" ");
      const neighbour = [pick(rng, RU_GIVEN), surnameOf(rng)].join(" ");
      if (neighbour === cyrillic) continue;
      const bgn = romanize(cyrillic, 0);
      assert.ok(score(romanize(cyrillic, rng), bgn) >= 0.9, `${romanize(cyrillic, rng)} / ${bgn}`);
      assert.ok(score(cyrillic, bgn) >= 0.9, `${cyrillic} / ${bgn}`);
      assert.ok(score(romanize(neighbour, rng), bgn) < score(romanize(cyrillic, rng), bgn));
    }
  });
});
