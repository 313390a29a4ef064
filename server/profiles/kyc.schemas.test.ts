import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { IdDocumentKind, SubmitProfileDetailsPayload } from "@monerium/sdk";
import type { z } from "zod";
import {
  CORPORATE_VERIFICATION_KINDS,
  PERSONAL_VERIFICATION_KINDS,
  createDetailsBodySchema,
  detailsBodySchema,
  fileIdsOf,
  formBodySchema,
  verificationsBodySchema,
  type CorporateDetails,
  type CorporateForm,
  type DetailsBody,
  type FormBody,
  type PersonalDetails,
  type PersonalForm,
  type ProfileKind,
  type Verification,
  type VerificationsBody,
} from "./kyc.schemas.ts";

// The outputs fit the shapes the use cases are written against.
type Assert<T extends true> = T;
type _Details = Assert<
  DetailsBody extends { kind: ProfileKind; name: string; details: PersonalDetails | CorporateDetails } ? true : false
>;
type _Form = Assert<FormBody extends { kind: ProfileKind; form: PersonalForm | CorporateForm } ? true : false>;
type _Verifications = Assert<
  VerificationsBody extends { kind: ProfileKind; verifications: Verification[] } ? true : false
>;

/** Birthdays are judged on 2026-06-15 at noon UTC; it is already the 16th somewhere (UTC+14), not yet the 17th. */
const details = createDetailsBodySchema(() => new Date("2026-06-15T12:00:00Z"));

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  assert.ok(result.success, `expected the body to parse: ${JSON.stringify(result.error?.issues)}`);
  return result.data;
}

/** The issues as the HTTP layer reports them: dotted path → message (the first message for a path). */
function errors(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  assert.equal(result.success, false, "expected the body to be refused");
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.map(String).join(".")] ??= issue.message;
  return out;
}

const without = <T extends object>(value: T, key: string): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)) as Partial<T>;

// ---------------------------------------------------------------------------------------------------------------------
// Fixtures: CONTRACT §9, verbatim.

/** submit details (v4 live): PATCH /profiles/{p}/details. */
const SDK_V4_DETAILS = {
  personal: {
    idDocument: { number: "A1234566787", kind: "passport" },
    firstName: "Jane",
    lastName: "Doe",
    address: "Pennylane 123",
    postalCode: "7890",
    city: "Liverpool",
    country: "FR",
    countryState: "SDKTest",
    nationality: "FR",
    birthday: "1990-05-15",
    phone: "+3548888888",
    email: "jane.doe@example.com",
  },
};

/** submit details (3.5.0 mock): PUT /profiles/testProfileId/details, no phone or email. */
const SDK_35_DETAILS = {
  personal: {
    idDocument: { number: "A1234566787", kind: "passport" as IdDocumentKind },
    firstName: "Jane",
    lastName: "Doe",
    address: "Pennylane 123",
    postalCode: "7890",
    city: "Liverpool",
    country: "FR",
    countryState: "Merseyside",
    nationality: "FR",
    birthday: "1990-05-15",
  },
} satisfies SubmitProfileDetailsPayload;

const PERSON = {
  firstName: "Jón",
  lastName: "Jónsson",
  address: "Laugavegur 1",
  postalCode: "101",
  city: "Reykjavík",
  country: "IS",
  nationality: "IS",
  birthday: "1980-01-31",
};
const PASSPORT = { number: "P123", kind: "passport" as IdDocumentKind };

/** A corporate body typed with SDK 3.5.0's own types (ownershipPercentage is a number there). */
const SDK_CORPORATE_DETAILS = {
  corporate: {
    name: "Acme ehf.",
    registrationNumber: "5501012345",
    address: "Borgartún 2",
    postalCode: "105",
    city: "Reykjavík",
    country: "IS",
    countryState: "Capital Region",
    representatives: [{ ...PERSON, idDocument: PASSPORT }],
    finalBeneficiaries: [{ ...PERSON, ownershipPercentage: 100 }],
    directors: [PERSON],
  },
} satisfies SubmitProfileDetailsPayload;

const FILE_A = "4f079ef8-6d26-11eb-9bc8-acde48001122";
const FILE_B = "9a3c1b2e-7f4d-4e5a-8b6c-0d1e2f3a4b5c";
const PERSON_ID = "2d1e0f3c-4b5a-4987-a6b5-c4d3e2f1a0b9";

// ---------------------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------------------

describe("exactly one of personal or corporate", () => {
  const bodies: [string, unknown, Record<string, string>][] = [
    ["neither", {}, { personal: "Submit either personal or corporate" }],
    ["only unknown keys", { individual: PERSON }, { personal: "Submit either personal or corporate" }],
    ["both", { personal: PERSON, corporate: {} }, { personal: "Submit either personal or corporate" }],
    ["both null", { personal: null, corporate: null }, { personal: "Submit either personal or corporate" }],
    ["a string", "personal", { "": "Send a JSON object with personal or corporate" }],
    ["an array", [PERSON], { "": "Send a JSON object with personal or corporate" }],
    ["personal not an object", { personal: "Jane" }, { personal: "Personal details must be an object" }],
  ];
  for (const [name, body, expected] of bodies) {
    it(`refuses ${name} (details)`, () => assert.deepEqual(errors(details, body), expected));
  }

  it("reports a personal or corporate value of the wrong type at its key", () => {
    assert.deepEqual(errors(formBodySchema, { personal: ["OCCUPATION_EMPLOYED"] }), {
      personal: "Personal form must be an object",
    });
    assert.deepEqual(errors(formBodySchema, { corporate: 42 }), { corporate: "Corporate form must be an object" });
    assert.deepEqual(errors(verificationsBodySchema, { corporate: "idDocument" }), {
      corporate: "Verifications must be a list",
    });
    assert.deepEqual(errors(verificationsBodySchema, { personal: ["idDocument"] }), {
      "personal.0": "Verification must be an object",
    });
  });

  it("applies to the form and verification bodies too", () => {
    assert.deepEqual(errors(formBodySchema, {}), { personal: "Submit either personal or corporate" });
    assert.deepEqual(errors(verificationsBodySchema, { personal: [], corporate: [] }), {
      personal: "Submit either personal or corporate",
    });
  });

  it("treats a null sibling as absent", () => {
    assert.equal(parse(details, { personal: PERSON, corporate: null }).kind, "personal");
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe("form body", () => {
  /** The spec's seen values (SPEC "Profile submission bodies"). */
  const SPEC_FORM = {
    occupation: "OCCUPATION_EMPLOYED",
    profession: "PROF_ACCOUNTANCY",
    fundOrigin: "FUND_ORIGIN_SALARY",
    annualIncome: "ANNUAL_INCOME_UNDER_10K",
    monthlyTurnover: "TURNOVER_UNDER_10K",
    monthlyTransactionCount: "TRANSACTION_COUNT_LESS_THAN_5",
    activities: ["ACTIVITY_COMMERCE_SELLING"],
    publicFunction: false,
    fundOwner: true,
  };
  const CORPORATE_FORM = {
    service: "Payroll in EURe",
    legalForm: "LEGAL_FORM_PRIVATE_LIMITED",
    purpose: "PURPOSE_COLLECTING_PAYMENTS",
    activity: "ACTIVITY_SOFTWARE_TECHNOLOGY",
    fundOrigin: "FUND_ORIGIN_REVENUE",
    monthlyTurnover: "TURNOVER_100K_TO_250K",
    monthlyTransactionCount: "TRANSACTION_COUNT_UNDER_100",
  };

  const generations: [string, unknown, unknown][] = [
    [
      "personal, spec / historic Feb-2026 (first nine fields)",
      { personal: SPEC_FORM },
      { kind: "personal", form: SPEC_FORM },
    ],
    [
      "personal, current OpenAPI codes and fields",
      {
        personal: {
          occupation: "OCCUPATION_SELF_EMPLOYED",
          profession: "PROFESSION_FINANCIAL_SERVICES_PRIVATE_BANKING",
          fundOrigin: "FUND_ORIGIN_INVESTMENT",
          annualIncome: "ANNUAL_INCOME_MORE_THAN_300K",
          monthlyTurnover: "TURNOVER_MORE_THAN_500K",
          monthlyTransactionCount: "TRANSACTION_COUNT_MORE_THAN_200",
          activities: ["ACTIVITY_INVESTING_CRYPTO", "ACTIVITY_OTHER"],
          activityOther: "Running validators",
          publicFunction: true,
          fundOwner: true,
          usCitizen: false,
          usTaxPerson: false,
          tin: "1234567890",
          taxResidenceCountry: "de",
        },
      },
      {
        kind: "personal",
        form: {
          occupation: "OCCUPATION_SELF_EMPLOYED",
          profession: "PROF_FIN_SERVICES_PRIVATE_BANKING",
          fundOrigin: "FUND_ORIGIN_INVESTMENT",
          annualIncome: "ANNUAL_INCOME_OVER_300K",
          monthlyTurnover: "TURNOVER_OVER_500K",
          monthlyTransactionCount: "TRANSACTION_COUNT_OVER_200",
          activities: ["ACTIVITY_INVESTING_CRYPTO", "ACTIVITY_OTHER"],
          activityOther: "Running validators",
          publicFunction: true,
          fundOwner: true,
          usCitizen: false,
          usTaxPerson: false,
          tin: "1234567890",
          taxResidenceCountry: "DE",
        },
      },
    ],
    [
      "personal, 2026-05 with taxId (renamed tin)",
      {
        personal: { ...SPEC_FORM, usCitizen: true, usTaxPerson: true, taxId: "078-05-1120", taxResidenceCountry: "US" },
      },
      {
        kind: "personal",
        form: { ...SPEC_FORM, usCitizen: true, usTaxPerson: true, tin: "078-05-1120", taxResidenceCountry: "US" },
      },
    ],
    ["corporate, current (wire) codes", { corporate: CORPORATE_FORM }, { kind: "corporate", form: CORPORATE_FORM }],
    [
      "corporate, older OpenAPI codes, no legalForm",
      {
        corporate: {
          service: "Payroll in EURe",
          purpose: "PURPOSE_PAY_FOR_SERVICES",
          activity: "ACTIVITY_TRANSPORT_STORAGE",
          fundOrigin: "FUND_ORIGIN_INVESTMENTS_SHAREHOLDERS",
          monthlyTurnover: "TURNOVER_OVER_250K",
          monthlyTransactionCount: "TRANSACTION_COUNT_OVER_250",
        },
      },
      {
        kind: "corporate",
        form: {
          service: "Payroll in EURe",
          purpose: "PURPOSE_PAYING_FOR_GOODS",
          activity: "ACTIVITY_TRANSPORTATION",
          fundOrigin: "FUND_ORIGIN_INVESTMENTS",
          monthlyTurnover: "TURNOVER_MORE_THAN_250K",
          monthlyTransactionCount: "TRANSACTION_COUNT_MORE_THAN_250",
        },
      },
    ],
  ];
  for (const [name, body, expected] of generations) {
    it(`accepts ${name}`, () => assert.deepEqual(parse(formBodySchema, body), expected));
  }

  // Transcribed from CONTRACT §2.3: [field, spelling sent, canonical (spec-style) spelling].
  const personalCodes: [keyof typeof SPEC_FORM, string, string][] = [
    ["profession", "PROFESSION_ACCOUNTANCY", "PROF_ACCOUNTANCY"],
    ["profession", "PROFESSION_ADMINISTRATIVE", "PROF_ADMINISTRATIVE"],
    ["profession", "PROFESSION_AGRICULTURE", "PROF_AGRICULTURE"],
    ["profession", "PROFESSION_ARTS_ENTERTAINMENT_MEDIA", "PROF_ARTS_MEDIA"],
    ["profession", "PROFESSION_BROKER_DEALER", "PROF_BROKER_DEALER"],
    ["profession", "PROFESSION_CATERING_HOSPITALITY_TOURISM", "PROF_CATERING_HOSPITALITY"],
    ["profession", "PROFESSION_CHARITY", "PROF_CHARITY"],
    ["profession", "PROFESSION_CONSTRUCTION_REAL_ESTATE", "PROF_CONSTRUCTION_REAL_ESTATE"],
    ["profession", "PROFESSION_DEALER_HIGH_VALUE_GOODS", "PROF_DEALER_HIGH_VALUE_GOODS"],
    ["profession", "PROFESSION_DEALER_PRECIOUS_METALS", "PROF_DEALER_PRECIOUS_METALS"],
    ["profession", "PROFESSION_EDUCATION", "PROF_EDUCATION"],
    ["profession", "PROFESSION_EMERGENCY_SERVICES", "PROF_EMERGENCY_SERVICES"],
    ["profession", "PROFESSION_EXTRACTIVE_INDUSTRY", "PROF_EXTRACTIVE_INDUSTRY"],
    ["profession", "PROFESSION_FINANCIAL_SERVICES_BANKING", "PROF_FIN_SERVICES_BANKING"],
    ["profession", "PROFESSION_FINANCIAL_SERVICES_INSURANCE", "PROF_FIN_SERVICES_INSURANCE"],
    ["profession", "PROFESSION_FINANCIAL_SERVICES_OTHER", "PROF_FIN_SERVICES_OTHER"],
    ["profession", "PROFESSION_FINANCIAL_SERVICES_PRIVATE_BANKING", "PROF_FIN_SERVICES_PRIVATE_BANKING"],
    ["profession", "PROFESSION_GAMBLING", "PROF_GAMBLING"],
    ["profession", "PROFESSION_GOVERNMENT", "PROF_GOVERNMENT"],
    ["profession", "PROFESSION_HEALTH_CARE", "PROF_HEALTHCARE_MEDICAL"],
    ["profession", "PROFESSION_INFORMATION_TECHNOLOGY", "PROF_INFORMATION_TECHNOLOGY"],
    ["profession", "PROFESSION_LEGAL", "PROF_LEGAL"],
    ["profession", "PROFESSION_MANUFACTURING", "PROF_MANUFACTURING"],
    ["profession", "PROFESSION_MARKETING", "PROF_MARKETING"],
    ["profession", "PROFESSION_MILITARY", "PROF_MILITARY_DEFENCE"],
    ["profession", "PROFESSION_MONEY_SERVICE_BUSINESS", "PROF_MONEY_SERVICE_BUSINESS"],
    ["profession", "PROFESSION_PENSIONER", "PROF_PENSIONER"],
    ["profession", "PROFESSION_PUBLIC_PROCUREMENT", "PROF_PUBLIC_PROCUREMENT"],
    ["profession", "PROFESSION_RETAIL_SALES", "PROF_RETAIL_SALES"],
    // The old OpenAPI description text's spellings.
    ["profession", "PROF_ARTS_ENTERTAINMENT_MEDIA", "PROF_ARTS_MEDIA"],
    ["profession", "PROF_FINANCIAL_SERVICES_BANKING", "PROF_FIN_SERVICES_BANKING"],
    ["profession", "PROF_FINANCIAL_SERVICES_INSURANCE", "PROF_FIN_SERVICES_INSURANCE"],
    ["profession", "PROF_FINANCIAL_SERVICES_OTHER", "PROF_FIN_SERVICES_OTHER"],
    ["profession", "PROF_FINANCIAL_SERVICES_PRIVATE_BANKING", "PROF_FIN_SERVICES_PRIVATE_BANKING"],
    ["profession", "PROF_HEALTH_CARE_MEDICAL", "PROF_HEALTHCARE_MEDICAL"],
    ["profession", "PROF_MILITARY_ARMS_DEFENSE", "PROF_MILITARY_DEFENCE"],
    ["profession", "PROF_CATERING_HOSPITALITY_TOURISM", "PROF_CATERING_HOSPITALITY"],
    // The spec spellings stay as they are.
    ["profession", "PROF_HEALTHCARE_MEDICAL", "PROF_HEALTHCARE_MEDICAL"],
    ["profession", "PROF_MILITARY_DEFENCE", "PROF_MILITARY_DEFENCE"],
    ["annualIncome", "ANNUAL_INCOME_UNDER_10K", "ANNUAL_INCOME_UNDER_10K"],
    ["annualIncome", "ANNUAL_INCOME_FROM_10K_TO_50K", "ANNUAL_INCOME_10K_TO_50K"],
    ["annualIncome", "ANNUAL_INCOME_FROM_50K_TO_150K", "ANNUAL_INCOME_50K_TO_150K"],
    ["annualIncome", "ANNUAL_INCOME_FROM_150K_TO_300K", "ANNUAL_INCOME_150K_TO_300K"],
    ["annualIncome", "ANNUAL_INCOME_MORE_THAN_300K", "ANNUAL_INCOME_OVER_300K"],
    ["annualIncome", "ANNUAL_INCOME_10K_TO_50K", "ANNUAL_INCOME_10K_TO_50K"],
    ["annualIncome", "ANNUAL_INCOME_50K_TO_150K", "ANNUAL_INCOME_50K_TO_150K"],
    ["annualIncome", "ANNUAL_INCOME_150K_TO_300K", "ANNUAL_INCOME_150K_TO_300K"],
    ["annualIncome", "ANNUAL_INCOME_OVER_300K", "ANNUAL_INCOME_OVER_300K"],
    ["monthlyTurnover", "TURNOVER_10K_TO_50K", "TURNOVER_10K_TO_50K"],
    ["monthlyTurnover", "TURNOVER_50K_TO_150K", "TURNOVER_50K_TO_150K"],
    ["monthlyTurnover", "TURNOVER_150K_TO_500K", "TURNOVER_150K_TO_500K"],
    ["monthlyTurnover", "TURNOVER_MORE_THAN_500K", "TURNOVER_OVER_500K"],
    ["monthlyTurnover", "TURNOVER_OVER_500K", "TURNOVER_OVER_500K"],
    ["monthlyTransactionCount", "TRANSACTION_COUNT_UNDER_5", "TRANSACTION_COUNT_LESS_THAN_5"],
    ["monthlyTransactionCount", "TRANSACTION_COUNT_5_TO_50", "TRANSACTION_COUNT_5_TO_50"],
    ["monthlyTransactionCount", "TRANSACTION_COUNT_50_TO_100", "TRANSACTION_COUNT_50_TO_100"],
    ["monthlyTransactionCount", "TRANSACTION_COUNT_100_TO_200", "TRANSACTION_COUNT_100_TO_200"],
    ["monthlyTransactionCount", "TRANSACTION_COUNT_MORE_THAN_200", "TRANSACTION_COUNT_OVER_200"],
    ["monthlyTransactionCount", "TRANSACTION_COUNT_OVER_200", "TRANSACTION_COUNT_OVER_200"],
    ["occupation", "OCCUPATION_STUDENT", "OCCUPATION_STUDENT"],
    ["occupation", "OCCUPATION_UNEMPLOYED", "OCCUPATION_UNEMPLOYED"],
    ["occupation", "OCCUPATION_RETIRED", "OCCUPATION_RETIRED"],
    ["occupation", "occupation_employed", "OCCUPATION_EMPLOYED"],
    ["fundOrigin", "FUND_ORIGIN_DIVIDENDS", "FUND_ORIGIN_DIVIDENDS"],
    ["fundOrigin", "FUND_ORIGIN_INHERITANCE", "FUND_ORIGIN_INHERITANCE"],
    ["fundOrigin", "FUND_ORIGIN_SAVINGS", "FUND_ORIGIN_SAVINGS"],
    ["fundOrigin", "FUND_ORIGIN_GIFT", "FUND_ORIGIN_GIFT"],
    ["fundOrigin", "FUND_ORIGIN_MINING", "FUND_ORIGIN_MINING"],
    ["fundOrigin", "FUND_ORIGIN_REAL_ESTATE", "FUND_ORIGIN_REAL_ESTATE"],
    ["fundOrigin", "FUND_ORIGIN_LOAN", "FUND_ORIGIN_LOAN"],
  ];
  for (const [field, sent, canonical] of personalCodes) {
    it(`maps personal ${field} ${sent} to ${canonical}`, () => {
      const parsed = parse(formBodySchema, { personal: { ...SPEC_FORM, [field]: sent } });
      assert.equal(parsed.kind === "personal" && parsed.form[field], canonical);
    });
  }

  it("maps every activity code and drops repeats", () => {
    const activities = ["ACTIVITY_COMMERCE_BUYING", "ACTIVITY_COMMERCE_SELLING", "ACTIVITY_COMMERCE_BUYING"];
    const parsed = parse(formBodySchema, { personal: { ...SPEC_FORM, activities } });
    assert.deepEqual(parsed.kind === "personal" && parsed.form.activities, [
      "ACTIVITY_COMMERCE_BUYING",
      "ACTIVITY_COMMERCE_SELLING",
    ]);
  });

  // Transcribed from CONTRACT §2.4: [field, older OpenAPI spelling, canonical (current wire) spelling].
  const corporateCodes: [keyof typeof CORPORATE_FORM, string, string][] = [
    ["purpose", "PURPOSE_COLLECT_PAYMENTS", "PURPOSE_COLLECTING_PAYMENTS"],
    ["purpose", "PURPOSE_PAY_FOR_SERVICES", "PURPOSE_PAYING_FOR_GOODS"],
    ["purpose", "PURPOSE_BUY_SELL_CRYPTO", "PURPOSE_BUY_SELL_CRYPTO_CURRENCIES"],
    ["purpose", "PURPOSE_ENGAGE_IN_DEFI", "PURPOSE_ENGAGE_IN_DEFI"],
    ["purpose", "PURPOSE_OTHER", "PURPOSE_OTHER"],
    ["activity", "ACTIVITY_ADVERTISING_MARKETING", "ACTIVITY_ADVERTISING"],
    ["activity", "ACTIVITY_AGRICULTURE_FORESTRY_FISHING", "ACTIVITY_AGRICULTURE"],
    ["activity", "ACTIVITY_ARTS_ENTERTAINMENT_RECREATION", "ACTIVITY_ARTS_ENTERTAINMENT"],
    ["activity", "ACTIVITY_MEDIA_PUBLISHING", "ACTIVITY_MEDIA"],
    ["activity", "ACTIVITY_RETAIL_WHOLESALE", "ACTIVITY_RETAIL"],
    ["activity", "ACTIVITY_TRANSPORT_STORAGE", "ACTIVITY_TRANSPORTATION"],
    ["activity", "ACTIVITY_CRYPTO_SERVICES", "ACTIVITY_CRYPTO_SERVICES"],
    ["activity", "ACTIVITY_FINANCIAL_INSTITUTION", "ACTIVITY_FINANCIAL_INSTITUTION"],
    ["fundOrigin", "FUND_ORIGIN_REVENUE_OPERATIONS", "FUND_ORIGIN_REVENUE"],
    ["fundOrigin", "FUND_ORIGIN_PROFIT_DIVIDENDS", "FUND_ORIGIN_PROFIT_DIVIDENDS"],
    ["fundOrigin", "FUND_ORIGIN_LOAN", "FUND_ORIGIN_LOAN"],
    ["fundOrigin", "FUND_ORIGIN_INVESTMENTS_SHAREHOLDERS", "FUND_ORIGIN_INVESTMENTS"],
    ["fundOrigin", "FUND_ORIGIN_CUSTOMER_FUNDS", "FUND_ORIGIN_CUSTOMER_FUNDS"],
    ["fundOrigin", "FUND_ORIGIN_THIRD_PARTY_FUNDS", "FUND_ORIGIN_THIRD_PARTIES_FUNDS"],
    ["monthlyTurnover", "TURNOVER_UNDER_100K", "TURNOVER_UNDER_100K"],
    ["monthlyTurnover", "TURNOVER_OVER_250K", "TURNOVER_MORE_THAN_250K"],
    ["monthlyTransactionCount", "TRANSACTION_COUNT_100_TO_250", "TRANSACTION_COUNT_100_TO_250"],
    ["monthlyTransactionCount", "TRANSACTION_COUNT_OVER_250", "TRANSACTION_COUNT_MORE_THAN_250"],
    ["legalForm", "LEGAL_FORM_SOLE_TRADERS_PROPRIETORSHIPS", "LEGAL_FORM_SOLE_TRADERS_PROPRIETORSHIPS"],
    ["legalForm", "LEGAL_FORM_NON_PROFIT", "LEGAL_FORM_NON_PROFIT"],
  ];
  for (const [field, sent, canonical] of corporateCodes) {
    it(`maps corporate ${field} ${sent} to ${canonical}`, () => {
      const parsed = parse(formBodySchema, { corporate: { ...CORPORATE_FORM, [field]: sent } });
      assert.equal(parsed.kind === "corporate" && parsed.form[field], canonical);
    });
  }

  const unknownCodes: [string, Record<string, unknown>, Record<string, string>][] = [
    ["profession", { profession: "PROF_ASTRONAUT" }, { "personal.profession": "Unknown profession code" }],
    [
      "annual income",
      { annualIncome: "ANNUAL_INCOME_MILLIONS" },
      {
        "personal.annualIncome":
          "Unknown annual income code: use ANNUAL_INCOME_UNDER_10K, ANNUAL_INCOME_10K_TO_50K, ANNUAL_INCOME_50K_TO_150K, ANNUAL_INCOME_150K_TO_300K, ANNUAL_INCOME_OVER_300K",
      },
    ],
    [
      "monthly turnover (a corporate code in a personal form)",
      { monthlyTurnover: "TURNOVER_UNDER_100K" },
      {
        "personal.monthlyTurnover":
          "Unknown monthly turnover code: use TURNOVER_UNDER_10K, TURNOVER_10K_TO_50K, TURNOVER_50K_TO_150K, TURNOVER_150K_TO_500K, TURNOVER_OVER_500K",
      },
    ],
    [
      "activity",
      { activities: ["ACTIVITY_COMMERCE_SELLING", "ACTIVITY_GAMBLING"] },
      {
        "personal.activities.1":
          "Unknown activity code: use ACTIVITY_COMMERCE_SELLING, ACTIVITY_COMMERCE_BUYING, ACTIVITY_INVESTING_CRYPTO, ACTIVITY_OTHER",
      },
    ],
  ];
  for (const [name, change, expected] of unknownCodes) {
    it(`refuses an unknown ${name}`, () =>
      assert.deepEqual(errors(formBodySchema, { personal: { ...SPEC_FORM, ...change } }), expected));
  }

  const personalRequired: [keyof typeof SPEC_FORM, string][] = [
    ["occupation", "Occupation is missing"],
    ["profession", "Profession is missing"],
    ["fundOrigin", "Fund origin is missing"],
    ["annualIncome", "Annual income is missing"],
    ["monthlyTurnover", "Monthly turnover is missing"],
    ["monthlyTransactionCount", "Monthly transaction count is missing"],
    ["activities", "Activities are missing"],
    ["publicFunction", "Public function is missing"],
    ["fundOwner", "Fund owner is missing"],
  ];
  for (const [field, message] of personalRequired) {
    it(`refuses a personal form without ${field}`, () =>
      assert.deepEqual(errors(formBodySchema, { personal: without(SPEC_FORM, field) }), {
        [`personal.${field}`]: message,
      }));
  }

  const corporateRequired: [keyof typeof CORPORATE_FORM, string][] = [
    ["service", "Service is missing"],
    ["purpose", "Purpose is missing"],
    ["activity", "Activity is missing"],
    ["fundOrigin", "Fund origin is missing"],
    ["monthlyTurnover", "Monthly turnover is missing"],
    ["monthlyTransactionCount", "Monthly transaction count is missing"],
  ];
  for (const [field, message] of corporateRequired) {
    it(`refuses a corporate form without ${field}`, () =>
      assert.deepEqual(errors(formBodySchema, { corporate: without(CORPORATE_FORM, field) }), {
        [`corporate.${field}`]: message,
      }));
  }

  const otherFields: [string, Record<string, unknown>, Record<string, string>][] = [
    ["an empty activities list", { activities: [] }, { "personal.activities": "Choose at least one activity" }],
    [
      "a string for a boolean",
      { publicFunction: "no" },
      { "personal.publicFunction": "Public function must be true or false" },
    ],
    [
      "an unknown tax residence country",
      { taxResidenceCountry: "XX" },
      { "personal.taxResidenceCountry": "Not an ISO 3166-1 alpha-2 country code" },
    ],
  ];
  for (const [name, change, expected] of otherFields) {
    it(`refuses ${name}`, () =>
      assert.deepEqual(errors(formBodySchema, { personal: { ...SPEC_FORM, ...change } }), expected));
  }

  describe("activityOther", () => {
    const withOther = { ...SPEC_FORM, activities: ["ACTIVITY_COMMERCE_SELLING", "ACTIVITY_OTHER"] };

    it("is required when ACTIVITY_OTHER is chosen", () => {
      assert.deepEqual(errors(formBodySchema, { personal: withOther }), {
        "personal.activityOther": "Other activity is missing",
      });
      assert.deepEqual(errors(formBodySchema, { personal: { ...withOther, activityOther: "  " } }), {
        "personal.activityOther": "Other activity is missing",
      });
    });

    it("is reported together with the other problems", () => {
      assert.deepEqual(errors(formBodySchema, { personal: without(withOther, "fundOwner") }), {
        "personal.fundOwner": "Fund owner is missing",
        "personal.activityOther": "Other activity is missing",
      });
    });

    it("is kept, trimmed, when ACTIVITY_OTHER is chosen", () => {
      const parsed = parse(formBodySchema, { personal: { ...withOther, activityOther: " Selling art " } });
      assert.equal(parsed.kind === "personal" && parsed.form.activityOther, "Selling art");
    });

    it("is dropped when ACTIVITY_OTHER is not chosen", () => {
      assert.deepEqual(parse(formBodySchema, { personal: { ...SPEC_FORM, activityOther: "left over" } }), {
        kind: "personal",
        form: SPEC_FORM,
      });
    });
  });

  it("strips privileged and unknown fields", () => {
    const sneaky = { state: "approved", id: FILE_A, profile: FILE_B };
    assert.deepEqual(parse(formBodySchema, { ...sneaky, personal: { ...SPEC_FORM, ...sneaky } }), {
      kind: "personal",
      form: SPEC_FORM,
    });
    assert.deepEqual(parse(formBodySchema, { corporate: { ...CORPORATE_FORM, ...sneaky } }), {
      kind: "corporate",
      form: CORPORATE_FORM,
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe("verifications body", () => {
  const generations: [string, unknown, unknown][] = [
    [
      "the spec's example (historic PUT: documents with name and side)",
      {
        personal: [
          { kind: "idDocument", documents: [{ name: "passport.jpg", side: "back", fileId: FILE_A }] },
          { kind: "enhancedDueDiligence", documents: [{ name: "payslip.pdf", fileId: FILE_B }] },
        ],
      },
      {
        kind: "personal",
        verifications: [
          { kind: "idDocument", documents: [{ fileId: FILE_A, side: "back", name: "passport.jpg" }] },
          { kind: "enhancedDueDiligence", documents: [{ fileId: FILE_B, name: "payslip.pdf" }] },
        ],
      },
    ],
    [
      "personal, current (documents with kind and side)",
      {
        personal: [
          {
            kind: "idDocument",
            documents: [
              { kind: "nationalIdentityCard", fileId: FILE_A, side: "front" },
              { kind: "nationalIdentityCard", fileId: FILE_B, side: "back" },
            ],
          },
          { kind: "sourceOfFunds", documents: [{ kind: "sourceOfFunds", fileId: FILE_B }] },
        ],
      },
      {
        kind: "personal",
        verifications: [
          {
            kind: "idDocument",
            documents: [
              { fileId: FILE_A, kind: "nationalIdentityCard", side: "front" },
              { fileId: FILE_B, kind: "nationalIdentityCard", side: "back" },
            ],
          },
          { kind: "enhancedDueDiligence", documents: [{ fileId: FILE_B, kind: "sourceOfFunds" }] },
        ],
      },
    ],
    [
      "personal, 2026-04 to 05 (SDK 4.2.0: one fileId per item)",
      {
        personal: [
          { kind: "facialSimilarity", fileId: FILE_A },
          { kind: "proofOfResidency", fileId: FILE_B.toUpperCase() },
        ],
      },
      {
        kind: "personal",
        verifications: [
          { kind: "facialSimilarity", documents: [{ fileId: FILE_A }] },
          { kind: "proofOfResidency", documents: [{ fileId: FILE_B }] },
        ],
      },
    ],
    [
      "personal, historic deviceIntelligence",
      { personal: [{ kind: "deviceIntelligence", documents: [{ fileId: FILE_A }] }] },
      { kind: "personal", verifications: [{ kind: "deviceIntelligence", documents: [{ fileId: FILE_A }] }] },
    ],
    [
      "corporate, current (personId for person-scoped kinds)",
      {
        corporate: [
          { kind: "registrationNumber", documents: [{ kind: "companyFilePDF", fileId: FILE_A }] },
          { kind: "idDocument", personId: PERSON_ID, documents: [{ kind: "passport", fileId: FILE_B }] },
          { kind: "proofOfResidency", personId: PERSON_ID, documents: [{ kind: "proofOfResidency", fileId: FILE_B }] },
          { kind: "beneficialOwnership", documents: [{ kind: "other", fileId: FILE_A }] },
        ],
      },
      {
        kind: "corporate",
        verifications: [
          { kind: "registrationNumber", documents: [{ fileId: FILE_A, kind: "companyFilePDF" }] },
          { kind: "idDocument", personId: PERSON_ID, documents: [{ fileId: FILE_B, kind: "passport" }] },
          {
            kind: "proofOfResidency",
            personId: PERSON_ID,
            documents: [{ fileId: FILE_B, kind: "proofOfResidency" }],
          },
          { kind: "beneficialOwnership", documents: [{ fileId: FILE_A, kind: "other" }] },
        ],
      },
    ],
    [
      "corporate, 2026-04 to 05 (one fileId per item)",
      {
        corporate: [
          { kind: "sourceOfFunds", fileId: FILE_A },
          { kind: "corporateName", fileId: FILE_B },
          { kind: "powerOfAttorney", fileId: FILE_B },
        ],
      },
      {
        kind: "corporate",
        verifications: [
          { kind: "enhancedDueDiligence", documents: [{ fileId: FILE_A }] },
          { kind: "corporateName", documents: [{ fileId: FILE_B }] },
          { kind: "powerOfAttorney", documents: [{ fileId: FILE_B }] },
        ],
      },
    ],
    [
      "corporate, historic PUT (documents named, kind companyPDF)",
      {
        corporate: [
          {
            kind: "enhancedDueDiligence",
            documents: [{ name: "accounts-2025.pdf", kind: "companyPDF", side: "front", fileId: FILE_A }],
          },
          { kind: "corporateAddress", documents: [{ name: "lease.pdf", kind: "companyPDF", fileId: FILE_B }] },
          { kind: "dateOfRegistration", documents: [{ name: "register.pdf", kind: "companyPDF", fileId: FILE_B }] },
        ],
      },
      {
        kind: "corporate",
        verifications: [
          {
            kind: "enhancedDueDiligence",
            documents: [{ fileId: FILE_A, kind: "companyFilePDF", side: "front", name: "accounts-2025.pdf" }],
          },
          { kind: "corporateAddress", documents: [{ fileId: FILE_B, kind: "companyFilePDF", name: "lease.pdf" }] },
          {
            kind: "dateOfRegistration",
            documents: [{ fileId: FILE_B, kind: "companyFilePDF", name: "register.pdf" }],
          },
        ],
      },
    ],
  ];
  for (const [name, body, expected] of generations) {
    it(`accepts ${name}`, () => assert.deepEqual(parse(verificationsBodySchema, body), expected));
  }

  it("merges a top-level fileId sent beside documents", () => {
    const body = { personal: [{ kind: "idDocument", fileId: FILE_B, documents: [{ fileId: FILE_A }] }] };
    assert.deepEqual(parse(verificationsBodySchema, body), {
      kind: "personal",
      verifications: [{ kind: "idDocument", documents: [{ fileId: FILE_A }, { fileId: FILE_B }] }],
    });
  });

  it("strips privileged and unknown fields, and a personId on a personal item", () => {
    const sneaky = { state: "approved", id: FILE_A, profile: FILE_B };
    const body = {
      ...sneaky,
      personal: [{ ...sneaky, kind: "idDocument", personId: PERSON_ID, documents: [{ ...sneaky, fileId: FILE_A }] }],
    };
    assert.deepEqual(parse(verificationsBodySchema, body), {
      kind: "personal",
      verifications: [{ kind: "idDocument", documents: [{ fileId: FILE_A }] }],
    });
  });

  const refusals: [string, unknown, Record<string, string>][] = [
    ["an empty list", { personal: [] }, { personal: "Submit at least one verification" }],
    ["an object instead of a list", { personal: { kind: "idDocument" } }, { personal: "Verifications must be a list" }],
    ["an item without kind", { personal: [{ fileId: FILE_A }] }, { "personal.0.kind": "Verification kind is missing" }],
    [
      "an unknown personal kind",
      { personal: [{ kind: "corporateName", fileId: FILE_A }] },
      {
        "personal.0.kind":
          "Unknown verification kind: use idDocument, facialSimilarity, proofOfResidency, enhancedDueDiligence, deviceIntelligence",
      },
    ],
    [
      "an unknown corporate kind",
      { corporate: [{ kind: "facialSimilarity", fileId: FILE_A }] },
      { "corporate.0.kind": "Unknown verification kind" },
    ],
    [
      "an item with no document",
      { personal: [{ kind: "idDocument" }] },
      { "personal.0.documents": "Attach at least one document" },
    ],
    [
      "an item with an empty documents list",
      { personal: [{ kind: "idDocument", documents: [] }] },
      { "personal.0.documents": "Attach at least one document" },
    ],
    [
      "a document without fileId",
      { personal: [{ kind: "idDocument", documents: [{ name: "passport.jpg" }] }] },
      { "personal.0.documents.0.fileId": "File id is missing" },
    ],
    [
      "a fileId that is not a UUID",
      { personal: [{ kind: "idDocument", fileId: "passport.jpg" }] },
      { "personal.0.fileId": "File id must be a UUID" },
    ],
    [
      "an unknown side",
      { personal: [{ kind: "idDocument", documents: [{ fileId: FILE_A, side: "left" }] }] },
      { "personal.0.documents.0.side": "Use front or back" },
    ],
    [
      "an unknown document kind",
      { personal: [{ kind: "idDocument", documents: [{ fileId: FILE_A, kind: "selfie" }] }] },
      { "personal.0.documents.0.kind": "Unknown document kind" },
    ],
    [
      "the same kind twice",
      {
        personal: [
          { kind: "idDocument", fileId: FILE_A },
          { kind: "idDocument", fileId: FILE_B },
        ],
      },
      { "personal.1.kind": "idDocument is submitted twice" },
    ],
    [
      "a kind and its alias",
      {
        personal: [
          { kind: "enhancedDueDiligence", fileId: FILE_A },
          { kind: "sourceOfFunds", fileId: FILE_B },
        ],
      },
      { "personal.1.kind": "enhancedDueDiligence is submitted twice" },
    ],
    [
      "a duplicate beside another problem",
      {
        personal: [
          { kind: "idDocument", fileId: FILE_A },
          { kind: "facialSimilarity", fileId: "nope" },
          { kind: "idDocument", fileId: FILE_B },
        ],
      },
      { "personal.1.fileId": "File id must be a UUID", "personal.2.kind": "idDocument is submitted twice" },
    ],
    [
      "the same person's idDocument twice",
      {
        corporate: [
          { kind: "idDocument", personId: PERSON_ID, fileId: FILE_A },
          { kind: "idDocument", personId: PERSON_ID, fileId: FILE_B },
        ],
      },
      { "corporate.1.kind": "idDocument is submitted twice" },
    ],
    [
      "a corporate idDocument without personId",
      { corporate: [{ kind: "idDocument", fileId: FILE_A }] },
      { "corporate.0.personId": "Person id is missing" },
    ],
    [
      "a corporate proofOfResidency without personId",
      { corporate: [{ kind: "proofOfResidency", fileId: FILE_A }] },
      { "corporate.0.personId": "Person id is missing" },
    ],
    [
      "a personId that is not a UUID",
      { corporate: [{ kind: "idDocument", personId: "director-1", fileId: FILE_A }] },
      { "corporate.0.personId": "Person id must be a UUID" },
    ],
  ];
  for (const [name, body, expected] of refusals) {
    it(`refuses ${name}`, () => assert.deepEqual(errors(verificationsBodySchema, body), expected));
  }

  it("accepts one idDocument per person", () => {
    const other = "7c6b5a49-3827-4165-a4b3-c2d1e0f9a8b7";
    const body = {
      corporate: [
        { kind: "idDocument", personId: PERSON_ID, fileId: FILE_A },
        { kind: "idDocument", personId: other, fileId: FILE_B },
      ],
    };
    const parsed = parse(verificationsBodySchema, body);
    assert.deepEqual(
      parsed.verifications.map((v) => v.personId),
      [PERSON_ID, other],
    );
  });

  it("lists the canonical kinds", () => {
    assert.deepEqual(PERSONAL_VERIFICATION_KINDS, [
      "idDocument",
      "facialSimilarity",
      "proofOfResidency",
      "enhancedDueDiligence",
      "deviceIntelligence",
    ]);
    assert.deepEqual(CORPORATE_VERIFICATION_KINDS, [
      "enhancedDueDiligence",
      "corporateName",
      "corporateAddress",
      "registrationNumber",
      "dateOfRegistration",
      "beneficialOwnership",
      "powerOfAttorney",
      "idDocument",
      "proofOfResidency",
    ]);
  });

  it("collects each file id once, in order", () => {
    const parsed = parse(verificationsBodySchema, {
      personal: [
        { kind: "idDocument", documents: [{ fileId: FILE_B }, { fileId: FILE_A }] },
        { kind: "proofOfResidency", fileId: FILE_B },
      ],
    });
    assert.deepEqual(fileIdsOf(parsed.verifications), [FILE_B, FILE_A]);
    assert.deepEqual(fileIdsOf([]), []);
  });
});
