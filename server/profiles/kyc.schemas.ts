import { z } from "zod";
import type { Clock } from "../clock.ts";
import { MAX_TEXT, MAX_URL } from "../limits.ts";
import {
  OCCUPATIONS,
  PROFESSIONS,
  PERSONAL_FUND_ORIGINS,
  ANNUAL_INCOMES,
  PERSONAL_TURNOVERS,
  PERSONAL_TRANSACTION_COUNTS,
  PERSONAL_ACTIVITIES,
  LEGAL_FORMS,
  CORPORATE_PURPOSES,
  CORPORATE_ACTIVITIES,
  CORPORATE_FUND_ORIGINS,
  CORPORATE_TURNOVERS,
  CORPORATE_TRANSACTION_COUNTS,
} from "./kyc-codes.ts";
import {
  calendarDate,
  code,
  compact,
  country,
  eitherKind,
  email,
  flag,
  formCode,
  list,
  object,
  optional,
  optionalText,
  phone,
  text,
} from "./kyc-fields.ts";

/*
 * The three KYC submission bodies (SPEC endpoints 7–9, CONTRACT §4.9–4.11), personal and corporate, every documented
 * generation in, one normalised shape out. Only known fields are copied to the output, so nothing privileged
 * (`state`, `id`, `profile`, …) can ride along. Issue paths are relative to the body (`personal.birthday`,
 * `corporate.representatives.0.firstName`); the HTTP layer joins them with dots. The field builders are in
 * kyc-fields.ts, the verifications body in kyc-verifications.schemas.ts (exported from here too).
 *
 * Canonical spellings, where the spec and the reference disagree (the spec rules, the reference's form is accepted):
 * personal form codes and verification kinds are the spec's (`PROF_*`, `ANNUAL_INCOME_OVER_300K`,
 * `enhancedDueDiligence`); corporate form codes, which the spec does not show, are the current wire spelling.
 * No I/O and no server-only imports, so screens can reuse these schemas.
 */

export type ProfileKind = "personal" | "corporate";
export {
  OCCUPATIONS,
  PROFESSIONS,
  PERSONAL_FUND_ORIGINS,
  ANNUAL_INCOMES,
  PERSONAL_TURNOVERS,
  PERSONAL_TRANSACTION_COUNTS,
  PERSONAL_ACTIVITIES,
  LEGAL_FORMS,
  CORPORATE_PURPOSES,
  CORPORATE_ACTIVITIES,
  CORPORATE_FUND_ORIGINS,
  CORPORATE_TURNOVERS,
  CORPORATE_TRANSACTION_COUNTS,
};

// ---------------------------------------------------------------------------------------------------------------------
// Details (CONTRACT §4.9)

const idDocumentSchema = object("ID document", {
  number: text("Document number"),
  kind: code(
    "Document kind",
    { passport: [], nationalIdentityCard: [], drivingLicense: [] },
    { unknown: "Unknown document kind" },
  ),
});

/** A person's fields. phone and email are optional: SDK 3.5.0 and the historic PUT do not send them. */
function personShape(clock: Clock) {
  return {
    firstName: text("First name"),
    lastName: text("Last name"),
    address: text("Address", 70),
    postalCode: text("Postal code"),
    city: text("City"),
    country: country("Country"),
    countryState: optionalText("State or region"),
    nationality: country("Nationality"),
    birthday: calendarDate("Birthday", clock),
    phone: optional(phone()),
    email: optional(email()),
    idDocument: optional(idDocumentSchema),
  };
}

const HUNDREDTHS = /^(\d+)(?:\.(\d+))?$/;

/** 25–100 with at most two decimals, as the canonical decimal string ("25", "33.5"); the SDK sends a number. */
const ownershipPercentage = z.preprocess(
  (value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value),
  text("Ownership percentage").transform((value, ctx) => {
    const parts = HUNDREDTHS.exec(value);
    const fraction = parts?.[2] ?? "";
    if (!parts || fraction.length > 2) {
      ctx.addIssue({ code: "custom", message: "Use a number from 25 to 100 with at most two decimals", input: value });
      return z.NEVER;
    }
    const hundredths = Number(parts[1]) * 100 + Number(fraction.padEnd(2, "0"));
    if (hundredths < 2500 || hundredths > 10000) {
      ctx.addIssue({ code: "custom", message: "Ownership must be from 25 to 100 percent", input: value });
      return z.NEVER;
    }
    const [whole, cents] = [Math.floor(hundredths / 100), hundredths % 100];
    return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, "0").replace(/0$/, "")}`;
  }),
);

function hundredthsOf(percentage: string): number {
  const [whole = "0", fraction = ""] = percentage.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The personal details, as the `personal` member of the details body. */
export function personalDetailsSchema(clock: Clock) {
  return object("Personal details", personShape(clock)).transform(compact);
}

/** The corporate details, as the `corporate` member of the details body. */
export function corporateDetailsSchema(clock: Clock) {
  const person = personShape(clock);
  const representative = object("Representative", { ...person, idDocument: idDocumentSchema }).transform(compact);
  const beneficiary = object("Final beneficiary", { ...person, ownershipPercentage }).transform(compact);
  const director = object("Director", person).transform(compact);
  return object("Corporate details", {
    name: text("Company name"),
    registrationNumber: text("Registration number"),
    registrationDate: optional(calendarDate("Registration date", clock)),
    vatNumber: optionalText("VAT number"),
    website: optionalText("Website", MAX_URL),
    address: person.address,
    postalCode: person.postalCode,
    city: person.city,
    country: person.country,
    countryState: text("State or region"),
    representatives: list("Representatives", representative).min(1, "Add at least one representative"),
    finalBeneficiaries: list("Final beneficiaries", beneficiary),
    directors: list("Directors", director).min(1, "Add at least one director"),
  })
    .superRefine((details, ctx) => {
      const total = details.finalBeneficiaries.reduce((sum, b) => sum + hundredthsOf(b.ownershipPercentage), 0);
      if (total > 10000) {
        ctx.addIssue({ code: "custom", path: ["finalBeneficiaries"], message: "Ownership adds up to more than 100%" });
      }
    })
    .transform(compact);
}

export type PersonalDetails = z.output<ReturnType<typeof personalDetailsSchema>>;
export type CorporateDetails = z.output<ReturnType<typeof corporateDetailsSchema>>;

/** The details body, judging birthdays against `clock` (pass the server clock so tests can move time). */
export function createDetailsBodySchema(clock: Clock) {
  return eitherKind(personalDetailsSchema(clock), corporateDetailsSchema(clock)).transform((body) =>
    body.kind === "personal"
      ? { kind: body.kind, name: `${body.value.firstName} ${body.value.lastName}`, details: body.value }
      : { kind: body.kind, name: body.value.name, details: body.value },
  );
}

/** The details body judged by the wall clock; the domain uses `createDetailsBodySchema(serverClock)`. */
export const detailsBodySchema = createDetailsBodySchema(() => new Date());
export type DetailsBody = z.output<typeof detailsBodySchema>;

// ---------------------------------------------------------------------------------------------------------------------
// Form (CONTRACT §4.10)

export const personalFormSchema = object("Personal form", {
  occupation: formCode("Occupation", OCCUPATIONS),
  profession: formCode("Profession", PROFESSIONS),
  fundOrigin: formCode("Fund origin", PERSONAL_FUND_ORIGINS),
  annualIncome: formCode("Annual income", ANNUAL_INCOMES),
  monthlyTurnover: formCode("Monthly turnover", PERSONAL_TURNOVERS),
  monthlyTransactionCount: formCode("Monthly transaction count", PERSONAL_TRANSACTION_COUNTS),
  activities: list("Activities", formCode("Activity", PERSONAL_ACTIVITIES)).min(1, "Choose at least one activity"),
  activityOther: optionalText("Other activity", MAX_TEXT),
  publicFunction: flag("Public function"),
  fundOwner: flag("Fund owner"),
  usCitizen: optional(flag("US citizen")),
  usTaxPerson: optional(flag("US tax person")),
  tin: optionalText("Tax identification number"),
  /** The name of `tin` before 2026-05-07. */
  taxId: optionalText("Tax identification number"),
  taxResidenceCountry: optional(country("Tax residence country")),
  /** Required only for a person of a high-risk nationality or residence (`enhanced-due-diligence.ts`). */
  enhancedDueDiligence: optional(
    object("Enhanced due diligence", {
      sourceOfFunds: text("Source of funds", MAX_TEXT),
      sourceOfWealth: text("Source of wealth", MAX_TEXT),
      purposeOfRelationship: text("Purpose of the relationship", MAX_TEXT),
    }),
  ),
})
  .superRefine(
    (form, ctx) => {
      // Runs even when other fields failed, so this problem is reported with theirs; the values may be raw input.
      const activities: unknown = form.activities;
      const other = Array.isArray(activities) && activities.includes("ACTIVITY_OTHER");
      if (other && !(typeof form.activityOther === "string" && form.activityOther !== "")) {
        ctx.addIssue({ code: "custom", path: ["activityOther"], message: "Other activity is missing" });
      }
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  .transform(({ taxId, tin, activityOther, activities, ...form }) => {
    const unique = [...new Set(activities)];
    // A description left over from an unticked "other" is dropped rather than refused.
    return compact({
      ...form,
      activities: unique,
      activityOther: unique.includes("ACTIVITY_OTHER") ? activityOther : undefined,
      tin: tin ?? taxId,
    });
  });

export const corporateFormSchema = object("Corporate form", {
  service: text("Service", MAX_TEXT),
  legalForm: optional(formCode("Legal form", LEGAL_FORMS)),
  purpose: formCode("Purpose", CORPORATE_PURPOSES),
  activity: formCode("Activity", CORPORATE_ACTIVITIES),
  fundOrigin: formCode("Fund origin", CORPORATE_FUND_ORIGINS),
  monthlyTurnover: formCode("Monthly turnover", CORPORATE_TURNOVERS),
  monthlyTransactionCount: formCode("Monthly transaction count", CORPORATE_TRANSACTION_COUNTS),
}).transform(compact);

export type PersonalForm = z.output<typeof personalFormSchema>;
export type CorporateForm = z.output<typeof corporateFormSchema>;

// Spelled out per kind (here and below) so the output stays a union discriminated by `kind`.
export const formBodySchema = eitherKind(personalFormSchema, corporateFormSchema).transform((body) =>
  body.kind === "personal" ? { kind: body.kind, form: body.value } : { kind: body.kind, form: body.value },
);
export type FormBody = z.output<typeof formBodySchema>;

export * from "./kyc-verifications.schemas.ts";
export { isCountryCode } from "./kyc-fields.ts";
