// The form body: the shapes each generation sends and the fields it cannot do without (code spellings are in
// kyc-form-codes.test.ts).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formBodySchema } from "./kyc.schemas.ts";
import { CORPORATE_FORM, FILE_A, FILE_B, SPEC_FORM, errors, parse, without } from "./testing/kyc-bodies.ts";

describe("form body", () => {
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
