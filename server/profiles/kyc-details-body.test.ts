// The details body: the shapes each SDK generation sends, and the fields it cannot do without (the values it refuses
// are in kyc-details-values.test.ts).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  FILE_A,
  FILE_B,
  PASSPORT,
  PERSON,
  SDK_35_DETAILS,
  SDK_CORPORATE_DETAILS,
  SDK_V4_DETAILS,
  details,
  errors,
  parse,
  without,
} from "./testing/kyc-bodies.ts";

describe("details body", () => {
  const jane = {
    firstName: "Jane",
    lastName: "Doe",
    address: "Pennylane 123",
    postalCode: "7890",
    city: "Liverpool",
    country: "FR",
    nationality: "FR",
    birthday: "1990-05-15",
    idDocument: { number: "A1234566787", kind: "passport" },
  };

  const generations: [string, unknown, unknown][] = [
    [
      "SDK 4.2.0 PATCH (current: phone and email)",
      SDK_V4_DETAILS,
      {
        kind: "personal",
        name: "Jane Doe",
        details: { ...jane, countryState: "SDKTest", phone: "+3548888888", email: "jane.doe@example.com" },
      },
    ],
    [
      "SDK 3.5.0 PUT (historic: no phone or email)",
      SDK_35_DETAILS,
      { kind: "personal", name: "Jane Doe", details: { ...jane, countryState: "Merseyside" } },
    ],
    [
      "current PATCH without the optional idDocument and countryState",
      { personal: PERSON },
      { kind: "personal", name: "Jón Jónsson", details: PERSON },
    ],
    [
      "corporate, as SDK 3.5.0 types it",
      SDK_CORPORATE_DETAILS,
      {
        kind: "corporate",
        name: "Acme ehf.",
        details: {
          ...SDK_CORPORATE_DETAILS.corporate,
          finalBeneficiaries: [{ ...PERSON, ownershipPercentage: "100" }],
        },
      },
    ],
    [
      "corporate with every optional field (current OpenAPI)",
      {
        corporate: {
          ...SDK_CORPORATE_DETAILS.corporate,
          registrationDate: "2001-09-01",
          vatNumber: "IS123456",
          website: "https://acme.example",
          representatives: [{ ...PERSON, idDocument: { number: "D1", kind: "drivingLicense" }, phone: "+3545551234" }],
          finalBeneficiaries: [
            { ...PERSON, ownershipPercentage: "50.5" },
            { ...PERSON, firstName: "Anna", ownershipPercentage: 25 },
          ],
          directors: [{ ...PERSON, idDocument: { number: "N1", kind: "nationalIdentityCard" } }],
        },
      },
      {
        kind: "corporate",
        name: "Acme ehf.",
        details: {
          ...SDK_CORPORATE_DETAILS.corporate,
          registrationDate: "2001-09-01",
          vatNumber: "IS123456",
          website: "https://acme.example",
          representatives: [{ ...PERSON, idDocument: { number: "D1", kind: "drivingLicense" }, phone: "+3545551234" }],
          finalBeneficiaries: [
            { ...PERSON, ownershipPercentage: "50.5" },
            { ...PERSON, firstName: "Anna", ownershipPercentage: "25" },
          ],
          directors: [{ ...PERSON, idDocument: { number: "N1", kind: "nationalIdentityCard" } }],
        },
      },
    ],
  ];
  for (const [name, body, expected] of generations) {
    it(`accepts ${name}`, () => assert.deepEqual(parse(details, body), expected));
  }

  it("trims text, upper-cases country codes, normalises the phone and leaves blank optional fields out", () => {
    const body = {
      personal: {
        ...PERSON,
        firstName: "  Jón ",
        country: "is",
        nationality: " de ",
        countryState: "   ",
        phone: "+354 555 (1234)",
        email: null,
      },
    };
    assert.deepEqual(parse(details, body), {
      kind: "personal",
      name: "Jón Jónsson",
      details: { ...PERSON, nationality: "DE", phone: "+3545551234" },
    });
  });

  it("strips privileged and unknown fields at every level", () => {
    const sneaky = { state: "approved", id: FILE_A, profile: FILE_B, kind: "corporate", approved: true };
    const body = {
      ...sneaky,
      corporate: {
        ...SDK_CORPORATE_DETAILS.corporate,
        ...sneaky,
        representatives: [{ ...PERSON, idDocument: { ...PASSPORT, state: "approved" }, ...sneaky }],
        finalBeneficiaries: [{ ...PERSON, ownershipPercentage: "100", ...sneaky }],
        directors: [{ ...PERSON, ...sneaky }],
      },
    };
    assert.deepEqual(parse(details, body), parse(details, SDK_CORPORATE_DETAILS));
    assert.deepEqual(parse(details, { personal: { ...PERSON, ...sneaky }, ...sneaky }), {
      kind: "personal",
      name: "Jón Jónsson",
      details: PERSON,
    });
  });

  const personalRequired: [keyof typeof PERSON, string][] = [
    ["firstName", "First name is missing"],
    ["lastName", "Last name is missing"],
    ["address", "Address is missing"],
    ["postalCode", "Postal code is missing"],
    ["city", "City is missing"],
    ["country", "Country is missing"],
    ["nationality", "Nationality is missing"],
    ["birthday", "Birthday is missing"],
  ];
  for (const [field, message] of personalRequired) {
    it(`refuses personal details without ${field}`, () => {
      assert.deepEqual(errors(details, { personal: without(PERSON, field) }), { [`personal.${field}`]: message });
      assert.deepEqual(errors(details, { personal: { ...PERSON, [field]: "  " } }), { [`personal.${field}`]: message });
    });
  }

  const corporate = SDK_CORPORATE_DETAILS.corporate;
  const corporateRequired: [string, unknown, Record<string, string>][] = [
    ["name", without(corporate, "name"), { "corporate.name": "Company name is missing" }],
    [
      "registrationNumber",
      without(corporate, "registrationNumber"),
      { "corporate.registrationNumber": "Registration number is missing" },
    ],
    ["address", without(corporate, "address"), { "corporate.address": "Address is missing" }],
    ["postalCode", without(corporate, "postalCode"), { "corporate.postalCode": "Postal code is missing" }],
    ["city", without(corporate, "city"), { "corporate.city": "City is missing" }],
    ["country", without(corporate, "country"), { "corporate.country": "Country is missing" }],
    ["countryState", without(corporate, "countryState"), { "corporate.countryState": "State or region is missing" }],
    [
      "representatives",
      without(corporate, "representatives"),
      { "corporate.representatives": "Representatives are missing" },
    ],
    [
      "representatives (an empty list)",
      { ...corporate, representatives: [] },
      { "corporate.representatives": "Add at least one representative" },
    ],
    [
      "finalBeneficiaries",
      without(corporate, "finalBeneficiaries"),
      { "corporate.finalBeneficiaries": "Final beneficiaries are missing" },
    ],
    ["directors", without(corporate, "directors"), { "corporate.directors": "Directors are missing" }],
    [
      "directors (an empty list)",
      { ...corporate, directors: [] },
      { "corporate.directors": "Add at least one director" },
    ],
    [
      "a representative's first name",
      { ...corporate, representatives: [{ ...without(PERSON, "firstName"), idDocument: PASSPORT }] },
      { "corporate.representatives.0.firstName": "First name is missing" },
    ],
    [
      "a representative's idDocument (required for representatives)",
      { ...corporate, representatives: [PERSON] },
      { "corporate.representatives.0.idDocument": "ID document is missing" },
    ],
    [
      "an idDocument number",
      { ...corporate, representatives: [{ ...PERSON, idDocument: { kind: "passport" } }] },
      { "corporate.representatives.0.idDocument.number": "Document number is missing" },
    ],
    [
      "a beneficiary's ownershipPercentage",
      { ...corporate, finalBeneficiaries: [PERSON] },
      { "corporate.finalBeneficiaries.0.ownershipPercentage": "Ownership percentage is missing" },
    ],
    [
      "the second director's birthday",
      { ...corporate, directors: [PERSON, without(PERSON, "birthday")] },
      { "corporate.directors.1.birthday": "Birthday is missing" },
    ],
  ];
  for (const [name, body, expected] of corporateRequired) {
    it(`refuses corporate details missing ${name}`, () =>
      assert.deepEqual(errors(details, { corporate: body }), expected));
  }
});
