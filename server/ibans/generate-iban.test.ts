import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { countrySpecs, isValidBBAN, isValidIBAN } from "ibantools";
import { bankCodeProblem, bbanFormat, bicProblem, defaultBankCode, defaultBic } from "./bban-format.ts";
import { generateIban, kennitala, type RandomSource } from "./generate-iban.ts";

/** ISO 13616 / ISO 7064 MOD 97-10, computed here without the library: move the first four characters to the end,
 * letters become 10–35, and the number must leave remainder 1 modulo 97. */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const c of rearranged) {
    const value = /[0-9]/.test(c) ? c : String(c.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** A repeatable random source (mulberry32), so a failure can be replayed. */
function seeded(seed: number): RandomSource {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * below);
  };
}

const SEPA = Object.keys(countrySpecs).filter((c) => bbanFormat(c) !== undefined);

describe("IBAN generation", () => {
  it("knows the national format of every SEPA country of the registry", () => {
    assert.ok(SEPA.length >= 35, `${SEPA.length} countries`);
    for (const country of ["IS", "DE", "FR", "IT", "NL", "LT"]) assert.ok(SEPA.includes(country), country);
    assert.equal(bbanFormat("US"), undefined);
    assert.equal(bbanFormat("toString"), undefined);
    const iceland = bbanFormat("IS");
    assert.deepEqual(
      { ...iceland, classes: iceland?.classes.join(",") },
      {
        country: "IS",
        length: 22,
        classes: Array(22).fill("digit").join(","),
        bankStart: 0,
        bankLength: 4,
      },
    );
  });

  it("Iceland: 26 characters; bank and branch, ledger 26, six-digit account, a valid kennitala; check digits by mod 97", () => {
    const format = bbanFormat("IS")!;
    for (let seed = 1; seed <= 200; seed++) {
      const iban = generateIban({ format, bankCode: "0133", random: seeded(seed) });
      assert.match(iban, /^IS\d{24}$/);
      assert.equal(iban.length, 26);
      assert.equal(iban.slice(4, 8), "0133");
      assert.equal(iban.slice(8, 10), "26");
      const kt = iban.slice(16);
      const sum = [3, 2, 7, 6, 5, 4, 3, 2].reduce((acc, w, i) => acc + w * Number(kt[i]), 0);
      assert.equal((11 - (sum % 11)) % 11, Number(kt[8]), `kennitala ${kt} check digit`);
      assert.ok(kt[9] === "9" || kt[9] === "0", `kennitala ${kt} century`);
      assert.ok(Number(kt.slice(0, 2)) >= 1 && Number(kt.slice(0, 2)) <= 28, `kennitala ${kt} day`);
      assert.ok(Number(kt.slice(2, 4)) >= 1 && Number(kt.slice(2, 4)) <= 12, `kennitala ${kt} month`);
      assert.equal(mod97(iban), 1, iban);
      assert.ok(isValidIBAN(iban), iban);
    }
  });

  it("every SEPA country: right length and format, the bank code in place, national and ISO check digits valid", () => {
    for (const country of SEPA) {
      const format = bbanFormat(country)!;
      // Croatia's bank code carries its own check digit: the nines of the default cannot have one.
      const bankCode = country === "HR" ? "2360000" : defaultBankCode(format);
      assert.equal(bankCodeProblem(format, bankCode), undefined, country);
      for (let seed = 1; seed <= 20; seed++) {
        const iban = generateIban({ format, bankCode, random: seeded(seed * 7919) });
        assert.equal(iban.length, countrySpecs[country]?.chars, iban);
        assert.equal(iban.slice(0, 2), country);
        assert.match(iban, /^[A-Z]{2}\d{2}[A-Z0-9]+$/);
        assert.match(iban.slice(4), new RegExp(countrySpecs[country]?.bban_regexp ?? "^$"), iban);
        assert.equal(iban.slice(4 + format.bankStart, 4 + format.bankStart + bankCode.length), bankCode, iban);
        assert.ok(isValidBBAN(iban.slice(4), country), `${iban}: national format and check digits`);
        assert.equal(mod97(iban), 1, `${iban}: ISO 13616 check digits`);
        assert.ok(isValidIBAN(iban), iban);
      }
    }
  });

  it("differs from one IBAN to the next, and repeats for the same random source", () => {
    const format = bbanFormat("IS")!;
    const many = new Set(Array.from({ length: 500 }, () => generateIban({ format, bankCode: "9999" })));
    assert.equal(many.size, 500);
    assert.equal(
      generateIban({ format, bankCode: "9999", random: seeded(42) }),
      generateIban({ format, bankCode: "9999", random: seeded(42) }),
    );
  });

  it("gives up on a bank code no valid IBAN can have, instead of looping", () => {
    assert.throws(
      () => generateIban({ format: bbanFormat("HR")!, bankCode: "9999999" }),
      /no valid HR IBAN with bank code 9999999/,
    );
  });

  it("a kennitala's check digit is never 10: those numbers are skipped", () => {
    for (let seed = 1; seed <= 1000; seed++) assert.match(kennitala(seeded(seed)), /^\d{10}$/);
  });

  it("bank codes must fill the national bank (and branch) positions with the right kind of characters", () => {
    const nl = bbanFormat("NL")!;
    assert.equal(bankCodeProblem(nl, "ABNA"), undefined);
    assert.equal(bankCodeProblem(nl, "AB1A"), "must be 4 characters for NL (D digit, L letter, A either: LLLL)");
    const gb = bbanFormat("GB")!;
    assert.equal(defaultBankCode(gb), "XXXX999999");
    assert.equal(bankCodeProblem(gb, "NWBK601613"), undefined);
    assert.match(bankCodeProblem(gb, "NWBK") ?? "", /must be 10 characters for GB \(.*LLLLDDDDDD\)/);
    const it_ = bbanFormat("IT")!;
    assert.deepEqual([it_.bankStart, it_.bankLength], [1, 10], "Italy: ABI and CAB after the CIN letter");
  });

  it("BICs: 8 or 11 characters of the ISO 9362 shape with a known country", () => {
    for (const bic of ["TKRLISR0", "COBADEFFXXX", "NWBKGB2L", defaultBic("DE")])
      assert.equal(bicProblem(bic), undefined);
    for (const bic of ["TKRLISR", "TKRLISR0X", "TKRLISR0XXXX", "TKRLQQR0", "TKR1ISR0", "tkrlisr0", "", "TKRLIS_0"]) {
      assert.match(bicProblem(bic) ?? "", /must be a BIC of 8 or 11 characters/, bic);
    }
  });
});
