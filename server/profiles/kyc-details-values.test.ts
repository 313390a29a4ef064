// The details body's field values: dates, country codes, lengths, phone, email and ownership percentages.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { detailsBodySchema } from "./kyc.schemas.ts";
import { PERSON, SDK_CORPORATE_DETAILS, details, errors, parse } from "./testing/kyc-bodies.ts";

describe("details body", () => {
  const corporate = SDK_CORPORATE_DETAILS.corporate;

  const refusals: [string, Record<string, unknown>, Record<string, string>][] = [
    ["a birthday in the future", { birthday: "2026-06-17" }, { "personal.birthday": "Birthday is in the future" }],
    [
      "February 30",
      { birthday: "1990-02-30" },
      { "personal.birthday": "1990-02-30 is not a calendar date (use YYYY-MM-DD)" },
    ],
    [
      "February 29 in a common year",
      { birthday: "2001-02-29" },
      { "personal.birthday": "2001-02-29 is not a calendar date (use YYYY-MM-DD)" },
    ],
    [
      "month 13",
      { birthday: "1990-13-01" },
      { "personal.birthday": "1990-13-01 is not a calendar date (use YYYY-MM-DD)" },
    ],
    ["a day-first date", { birthday: "15/05/1990" }, { "personal.birthday": "Use YYYY-MM-DD" }],
    ["a date with a time", { birthday: "1990-05-15T00:00:00Z" }, { "personal.birthday": "Use YYYY-MM-DD" }],
    ["an unknown country", { country: "ZZ" }, { "personal.country": "Not an ISO 3166-1 alpha-2 country code" }],
    ["an unassigned country", { country: "XX" }, { "personal.country": "Not an ISO 3166-1 alpha-2 country code" }],
    ["a grouping, not a country", { country: "EU" }, { "personal.country": "Not an ISO 3166-1 alpha-2 country code" }],
    [
      "UK (GB is the code)",
      { nationality: "UK" },
      { "personal.nationality": "Not an ISO 3166-1 alpha-2 country code" },
    ],
    ["an alpha-3 code", { nationality: "FRA" }, { "personal.nationality": "Not an ISO 3166-1 alpha-2 country code" }],
    ["a number as country", { country: 352 }, { "personal.country": "Country must be text" }],
    [
      "an address over 70 characters",
      { address: "x".repeat(71) },
      { "personal.address": "Address exceeds 70 characters" },
    ],
    [
      "a phone without the country code",
      { phone: "8888888" },
      { "personal.phone": "Use the international format, e.g. +3548888888" },
    ],
    ["an invalid email", { email: "jane.doe@" }, { "personal.email": "Not a valid email address" }],
    [
      "an unknown idDocument kind",
      { idDocument: { number: "1", kind: "visa" } },
      { "personal.idDocument.kind": "Unknown document kind: use passport, nationalIdentityCard, drivingLicense" },
    ],
    [
      "an idDocument that is not an object",
      { idDocument: "P123" },
      { "personal.idDocument": "ID document must be an object" },
    ],
  ];
  for (const [name, change, expected] of refusals) {
    it(`refuses ${name}`, () => assert.deepEqual(errors(details, { personal: { ...PERSON, ...change } }), expected));
  }

  it("accepts a birthday of today anywhere on Earth, 29 February in a leap year, and exactly 70 characters", () => {
    for (const birthday of ["2026-06-15", "2026-06-16", "2000-02-29"]) {
      const parsed = parse(details, { personal: { ...PERSON, birthday } });
      assert.equal(parsed.kind === "personal" && parsed.details.birthday, birthday);
    }
    assert.equal(parse(details, { personal: { ...PERSON, address: "x".repeat(70) } }).details.address, "x".repeat(70));
  });

  it("judges birthdays by the wall clock in the default schema", () => {
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    assert.deepEqual(errors(detailsBodySchema, { personal: { ...PERSON, birthday: inTwoDays } }), {
      "personal.birthday": "Birthday is in the future",
    });
    assert.equal(parse(detailsBodySchema, { personal: PERSON }).name, "Jón Jónsson");
  });

  it("refuses a future registration date", () => {
    assert.deepEqual(errors(details, { corporate: { ...corporate, registrationDate: "2027-01-01" } }), {
      "corporate.registrationDate": "Registration date is in the future",
    });
  });

  const percentages: [unknown, string][] = [
    [100, "100"],
    [25, "25"],
    [33.5, "33.5"],
    [66.67, "66.67"],
    ["25.00", "25"],
    ["99.90", "99.9"],
    ["100.0", "100"],
    [" 40 ", "40"],
  ];
  for (const [input, canonical] of percentages) {
    it(`turns ownershipPercentage ${JSON.stringify(input)} into "${canonical}"`, () => {
      const body = { corporate: { ...corporate, finalBeneficiaries: [{ ...PERSON, ownershipPercentage: input }] } };
      const parsed = parse(details, body);
      assert.equal(parsed.kind, "corporate");
      assert.equal(parsed.kind === "corporate" && parsed.details.finalBeneficiaries[0]?.ownershipPercentage, canonical);
    });
  }

  const badPercentages: [unknown, string][] = [
    [24.99, "Ownership must be from 25 to 100 percent"],
    ["0", "Ownership must be from 25 to 100 percent"],
    [100.01, "Ownership must be from 25 to 100 percent"],
    ["101", "Ownership must be from 25 to 100 percent"],
    [33.333, "Use a number from 25 to 100 with at most two decimals"],
    ["-50", "Use a number from 25 to 100 with at most two decimals"],
    ["fifty", "Use a number from 25 to 100 with at most two decimals"],
    ["50%", "Use a number from 25 to 100 with at most two decimals"],
    [true, "Ownership percentage must be text"],
  ];
  for (const [input, message] of badPercentages) {
    it(`refuses ownershipPercentage ${JSON.stringify(input)}`, () => {
      const body = { corporate: { ...corporate, finalBeneficiaries: [{ ...PERSON, ownershipPercentage: input }] } };
      assert.deepEqual(errors(details, body), { "corporate.finalBeneficiaries.0.ownershipPercentage": message });
    });
  }

  it("refuses ownership adding up to more than 100%", () => {
    const finalBeneficiaries = [
      { ...PERSON, ownershipPercentage: "50" },
      { ...PERSON, ownershipPercentage: 50.01 },
    ];
    assert.deepEqual(errors(details, { corporate: { ...corporate, finalBeneficiaries } }), {
      "corporate.finalBeneficiaries": "Ownership adds up to more than 100%",
    });
  });

  it("accepts a corporate body with no final beneficiary (nobody owns 25%)", () => {
    const parsed = parse(details, { corporate: { ...corporate, finalBeneficiaries: [] } });
    assert.deepEqual(parsed.kind === "corporate" && parsed.details.finalBeneficiaries, []);
  });
});
