import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readOfacSdnCsv } from "./read-ofac-sdn-csv.ts";
import { readOfacSdnXml } from "./read-ofac-sdn-xml.ts";
import { listFixture } from "./testing/list-fixtures.ts";

const csvTrio = () => ({
  sdn: listFixture("ofac-sdn.csv"),
  alt: listFixture("ofac-alt.csv"),
  add: listFixture("ofac-add.csv"),
});

describe("the OFAC SDN readers", () => {
  it("C65 read sdn.xml in the Sanctions List Service's namespace: types, aliases, dates, citizenships, passports", async () => {
    const list = await readOfacSdnXml(listFixture("ofac-sdn.xml"));
    assert.equal(list.source, "ofac");
    assert.equal(list.publishedAt, "2026-08-07");
    assert.deepEqual(
      list.entries.map((entry) => [entry.ref, entry.kind]),
      [
        ["36", "entity"],
        ["2674", "person"],
        ["4238", "vessel"],
        ["9758", "person"],
        ["6944", "person"],
      ],
    );
    const byRef = new Map(list.entries.map((entry) => [entry.ref, entry]));
    assert.deepEqual(byRef.get("9758"), {
      ref: "9758",
      kind: "person",
      names: [
        { name: "Dawood IBRAHIM", primary: true },
        { name: "Dawood EBRAHIM", primary: false },
      ],
      birthDates: ["1955-12-26"],
      nationalities: ["IN", "PK", "AE"],
      countries: ["PK", "IN"],
      identifiers: [{ kind: "Passport", value: "M-110522", country: "IN" }],
      walletAddresses: [],
      programs: ["SDNTK", "SDGT"],
    });
    // Advice typed as an identifier ("Secondary sanctions risk:") is not an identifier.
    assert.deepEqual(byRef.get("2674")!.identifiers, []);
    assert.deepEqual(byRef.get("2674")!.birthDates, ["1948-12-10"]);
    assert.deepEqual(byRef.get("4238")!.countries, ["CU"]);
  });

  it("C65 read the older tempuri.org sdn.xml (2018), weak aliases flagged", async () => {
    const list = await readOfacSdnXml(listFixture("ofac-consolidated-2018.xml"));
    assert.equal(list.publishedAt, "2018-04-06");
    assert.equal(list.entries.length, 14);
    const byRef = new Map(list.entries.map((entry) => [entry.ref, entry]));
    assert.deepEqual(byRef.get("4637")!.names, [
      { name: "BANK OF INDUSTRY AND MINE (OF IRAN)", primary: true },
      { name: "BANK SANAD VA MADAN", primary: false },
      { name: "BIM", primary: false, weak: true },
    ]);
    assert.deepEqual(byRef.get("4640")!.identifiers, [{ kind: "SWIFT/BIC", value: "BTEJ IR TH" }]);
    assert.deepEqual(byRef.get("4640")!.countries, ["IR", "FR", "TJ", "CN", "DE"]);
    assert.deepEqual(byRef.get("9639")!.birthDates, ["1962"]);
  });

  it("C65 read the CSV trio: digital currency addresses become wallets, vessels and aircraft keep their kind", async () => {
    const list = await readOfacSdnCsv(csvTrio());
    assert.equal(list.entries.length, 17);
    const byRef = new Map(list.entries.map((entry) => [entry.ref, entry]));
    const lifshits = byRef.get("29702")!;
    assert.equal(lifshits.names[0]!.name, "Artem Mikhaylovich LIFSHITS");
    assert.deepEqual(lifshits.walletAddresses, [
      { currency: "XBT", address: "12udabs2TkX7NXCSj6KpqXfakjE52ZPLhz" },
      { currency: "XBT", address: "1DT3tenf14cxz9WFNxmYrXFbB6TFiVWA9U" },
      { currency: "ETH", address: "0x901bb9583b24d97e995513c6778dc6888ab6870e" },
      { currency: "ETH", address: "0xa7e5d5a720f06526557c513402f2e6b5fa20b008" },
      { currency: "LTC", address: "Leo3j36nn1JcsUQruytQhFUdCdCH5YHMR3" },
      { currency: "DASH", address: "Xs3vzQmNvAxRa3Xo8XzQqUb3BMgb9EogF4" },
    ]);
    assert.deepEqual([lifshits.birthDates, lifshits.nationalities], [["1992-12-26"], ["RU"]]);
    assert.ok(lifshits.identifiers.some((id) => id.kind === "Passport" && id.value === "719032284"));
    assert.ok(byRef.get("33151")!.walletAddresses.length > 10);
    assert.ok(byRef.get("33151")!.walletAddresses.every((wallet) => wallet.currency === "XBT"));

    const khoroshev = byRef.get("48603")!;
    assert.deepEqual(khoroshev.names.slice(0, 2), [
      { name: "Dmitry Yuryevich KHOROSHEV", primary: true },
      { name: "LOCKBITSUPP", primary: false, weak: true },
    ]);
    assert.deepEqual(khoroshev.walletAddresses, [
      { currency: "XBT", address: "bc1qvhnfknw852ephxyc5hm4q520zmvf9maphetc9z" },
    ]);

    const makran = byRef.get("40716")!;
    assert.equal(makran.kind, "vessel");
    assert.deepEqual(makran.identifiers, [{ kind: "Vessel Registration Identification", value: "IMO 9486910" }]);
    assert.deepEqual(makran.countries, ["IR"]);
    assert.equal(byRef.get("48727")!.kind, "aircraft");
    assert.deepEqual(byRef.get("48727")!.programs, ["SDGT", "NPWMD", "IRGC", "IFSR"]);
    // A strong alias from alt.csv, "LAST, First" turned as sdn.xml writes names.
    assert.ok(byRef.get("15102")!.names.some((name) => name.name === "Daniel Gonzalo MORENO JR." && !name.weak));
  });
});
