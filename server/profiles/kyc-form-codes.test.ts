// The form body's codes: every spelling a generation of the contract sends, mapped to the one we keep.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formBodySchema } from "./kyc.schemas.ts";
import { CORPORATE_FORM, SPEC_FORM, errors, parse } from "./testing/kyc-bodies.ts";

describe("form body", () => {
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
});
