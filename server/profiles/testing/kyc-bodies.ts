/** What the KYC body schema tests share: a parser with a fixed clock, the error map, and the contract's fixtures. */
import assert from "node:assert/strict";
import type { IdDocumentKind, SubmitProfileDetailsPayload } from "@monerium/sdk";
import type { z } from "zod";
import { createDetailsBodySchema } from "../kyc.schemas.ts";

/** Birthdays are judged on 2026-06-15 at noon UTC; it is already the 16th somewhere (UTC+14), not yet the 17th. */
export const details = createDetailsBodySchema(() => new Date("2026-06-15T12:00:00Z"));

export function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  assert.ok(result.success, `expected the body to parse: ${JSON.stringify(result.error?.issues)}`);
  return result.data;
}

/** The issues as the HTTP layer reports them: dotted path → message (the first message for a path). */
export function errors(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  assert.equal(result.success, false, "expected the body to be refused");
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.map(String).join(".")] ??= issue.message;
  return out;
}

export const without = <T extends object>(value: T, key: string): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)) as Partial<T>;

// ---------------------------------------------------------------------------------------------------------------------
// Fixtures: CONTRACT §9, verbatim.

/** submit details (v4 live): PATCH /profiles/{p}/details. */
export const SDK_V4_DETAILS = {
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
export const SDK_35_DETAILS = {
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

export const PERSON = {
  firstName: "Jón",
  lastName: "Jónsson",
  address: "Laugavegur 1",
  postalCode: "101",
  city: "Reykjavík",
  country: "IS",
  nationality: "IS",
  birthday: "1980-01-31",
};
export const PASSPORT = { number: "P123", kind: "passport" as IdDocumentKind };

/** A corporate body typed with SDK 3.5.0's own types (ownershipPercentage is a number there). */
export const SDK_CORPORATE_DETAILS = {
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

export const FILE_A = "4f079ef8-6d26-11eb-9bc8-acde48001122";
export const FILE_B = "9a3c1b2e-7f4d-4e5a-8b6c-0d1e2f3a4b5c";
export const PERSON_ID = "2d1e0f3c-4b5a-4987-a6b5-c4d3e2f1a0b9";

/** The spec's seen values (SPEC "Profile submission bodies"). */
export const SPEC_FORM = {
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
export const CORPORATE_FORM = {
  service: "Payroll in EURe",
  legalForm: "LEGAL_FORM_PRIVATE_LIMITED",
  purpose: "PURPOSE_COLLECTING_PAYMENTS",
  activity: "ACTIVITY_SOFTWARE_TECHNOLOGY",
  fundOrigin: "FUND_ORIGIN_REVENUE",
  monthlyTurnover: "TURNOVER_100K_TO_250K",
  monthlyTransactionCount: "TRANSACTION_COUNT_UNDER_100",
};
