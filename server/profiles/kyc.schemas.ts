import { z } from "zod";
import type { Clock } from "../clock.ts";
import { UUID_PATTERN } from "../ids.ts";
import { MAX_EMAIL, MAX_NAME, MAX_TEXT, MAX_URL, quote } from "../limits.ts";
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
  type CodeTable,
} from "./kyc-codes.ts";

/*
 * The three KYC submission bodies (SPEC endpoints 7–9, CONTRACT §4.9–4.11), personal and corporate, every documented
 * generation in, one normalised shape out. Only known fields are copied to the output, so nothing privileged
 * (`state`, `id`, `profile`, …) can ride along. Issue paths are relative to the body (`personal.birthday`,
 * `corporate.representatives.0.firstName`); the HTTP layer joins them with dots.
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
// Field helpers

const isMissing = (input: unknown) => input === undefined || input === null;

/** Required text, trimmed; blank counts as missing. At most `max` characters (C42), checked before anything else. */
function text(label: string, max = MAX_NAME) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? `${label} is missing` : `${label} must be text`) })
    .trim()
    .min(1, { error: `${label} is missing`, abort: true })
    .max(max, { error: `${label} exceeds ${max} characters`, abort: true });
}

/** An optional field: absent, null and blank text all mean "not given" (the key is then left out of the output). */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    schema.optional(),
  );
}

const optionalText = (label: string, max?: number) => optional(text(label, max));

function object<T extends z.core.$ZodLooseShape>(label: string, shape: T) {
  return z.object(shape, {
    error: (issue) => (isMissing(issue.input) ? `${label} is missing` : `${label} must be an object`),
  });
}

function list<T extends z.ZodType>(label: string, item: T) {
  return z.array(item, {
    error: (issue) => (isMissing(issue.input) ? `${label} are missing` : `${label} must be a list`),
  });
}

function flag(label: string) {
  return z.boolean({
    error: (issue) => (isMissing(issue.input) ? `${label} is missing` : `${label} must be true or false`),
  });
}

/** `T` with every key that may hold undefined made optional instead. */
type Compact<T> = {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
} & { [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined> } extends infer U
  ? { [K in keyof U]: U[K] }
  : never;

/** Drops keys whose value is undefined, so outputs compare and serialise without empty optional keys. */
function compact<T extends object>(value: T): Compact<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Compact<T>;
}

function uuid(label: string) {
  return text(label).toLowerCase().regex(UUID_PATTERN, `${label} must be a UUID`);
}

/**
 * Regions ICU names that are not ISO 3166-1 alpha-2 country codes: groupings (EU, UN), withdrawn codes (SU, YU, AN),
 * exceptionally reserved ones (UK, AC, IC) and pseudo-regions. XK (Kosovo) stays: banks use it.
 */
const NOT_COUNTRIES = new Set(
  "AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB YD YU ZR ZZ".split(" "),
);
const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** Whether `code` is an assigned ISO 3166-1 alpha-2 code (ICU echoes unknown codes back instead of naming them). */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && regionNames.of(code) !== code;
}

function country(label: string) {
  return text(label).toUpperCase().refine(isCountryCode, "Not an ISO 3166-1 alpha-2 country code");
}

/** A real calendar date in YYYY-MM-DD; with a clock, not after today anywhere on Earth (UTC+14). */
function calendarDate(label: string, notAfterToday?: Clock) {
  return text(label).superRefine((value, ctx) => {
    const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!parts) {
      ctx.addIssue({ code: "custom", message: "Use YYYY-MM-DD", input: value });
      return;
    }
    const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
      ctx.addIssue({ code: "custom", message: `${value} is not a calendar date (use YYYY-MM-DD)`, input: value });
      return;
    }
    if (notAfterToday) {
      const latestToday = new Date(notAfterToday().getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
      if (value > latestToday) ctx.addIssue({ code: "custom", message: `${label} is in the future`, input: value });
    }
  });
}

function phone() {
  return text("Phone")
    .transform((value) => value.replace(/[\s().-]/g, ""))
    .refine((value) => /^\+[1-9]\d{6,14}$/.test(value), "Use the international format, e.g. +3548888888");
}

const email = () => text("Email", MAX_EMAIL).pipe(z.email("Not a valid email address"));

/**
 * A value from a fixed list. `table` maps each canonical spelling to the other spellings accepted for it; the output is
 * always the canonical one.
 */
function code<T extends CodeTable>(label: string, table: T, options: { unknown: string; upperCase?: boolean }) {
  const lookup = new Map<string, keyof T & string>();
  for (const [canonical, aliases] of Object.entries(table)) {
    for (const spelling of [canonical, ...aliases]) lookup.set(spelling, canonical);
  }
  const codes = Object.keys(table);
  const unknown = codes.length <= 6 ? `${options.unknown}: use ${codes.join(", ")}` : options.unknown;
  return text(label).transform((value, ctx) => {
    const found = lookup.get(options.upperCase ? value.toUpperCase() : value);
    if (found === undefined) {
      ctx.addIssue({ code: "custom", message: unknown, input: value });
      return z.NEVER;
    }
    return found;
  });
}

const formCode = <T extends CodeTable>(label: string, table: T) =>
  code(label, table, { unknown: `Unknown ${label.toLowerCase()} code`, upperCase: true });

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

// ---------------------------------------------------------------------------------------------------------------------
// Exactly one of `personal` or `corporate`

function eitherKind<P extends z.ZodType, C extends z.ZodType>(personal: P, corporate: C) {
  return z
    .object(
      { personal: z.unknown().optional(), corporate: z.unknown().optional() },
      { error: "Send a JSON object with personal or corporate" },
    )
    .superRefine((body, ctx) => {
      if (isMissing(body.personal) === isMissing(body.corporate)) {
        ctx.addIssue({ code: "custom", path: ["personal"], message: "Submit either personal or corporate" });
      }
    })
    .transform((body): { personal?: unknown; corporate?: unknown } =>
      isMissing(body.personal) ? { corporate: body.corporate } : { personal: body.personal },
    )
    .pipe(z.object({ personal: personal.optional(), corporate: corporate.optional() }))
    .transform((body, ctx) => {
      if (body.personal !== undefined) return { kind: "personal" as const, value: body.personal };
      if (body.corporate !== undefined) return { kind: "corporate" as const, value: body.corporate };
      ctx.addIssue({ code: "custom", path: ["personal"], message: "Submit either personal or corporate" });
      return z.NEVER;
    });
}

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

// ---------------------------------------------------------------------------------------------------------------------
// Verifications (CONTRACT §4.11)

/** Canonical kind ← accepted aliases. The spec's `enhancedDueDiligence` is canonical; `sourceOfFunds` is its 2026-04 name. */
const PERSONAL_VERIFICATION_TABLE = {
  idDocument: [],
  facialSimilarity: ["facialSimilarityMotion"],
  proofOfResidency: [],
  enhancedDueDiligence: ["sourceOfFunds"],
  deviceIntelligence: [],
} as const satisfies CodeTable;

const CORPORATE_VERIFICATION_TABLE = {
  enhancedDueDiligence: ["sourceOfFunds"],
  corporateName: [],
  corporateAddress: [],
  registrationNumber: [],
  dateOfRegistration: [],
  beneficialOwnership: [],
  powerOfAttorney: [],
  idDocument: [],
  proofOfResidency: [],
} as const satisfies CodeTable;

export type PersonalVerificationKind = keyof typeof PERSONAL_VERIFICATION_TABLE;
export type CorporateVerificationKind = keyof typeof CORPORATE_VERIFICATION_TABLE;
export const PERSONAL_VERIFICATION_KINDS = Object.keys(
  PERSONAL_VERIFICATION_TABLE,
) as readonly PersonalVerificationKind[];
export const CORPORATE_VERIFICATION_KINDS = Object.keys(
  CORPORATE_VERIFICATION_TABLE,
) as readonly CorporateVerificationKind[];

/** Corporate verifications about one person (a representative, director or beneficial owner). */
const PERSON_SCOPED: readonly string[] = ["idDocument", "proofOfResidency"];

export const DOCUMENT_KINDS = {
  passport: [],
  nationalIdentityCard: [],
  drivingLicense: [],
  residencePermit: [],
  proofOfResidency: [],
  sourceOfFunds: [],
  companyFilePDF: ["companyPDF"],
  other: [],
} as const satisfies CodeTable;

export type Verification = {
  kind: string;
  personId?: string;
  documents: { fileId: string; kind?: string; side?: "front" | "back"; name?: string }[];
};

const documentSchema = object("Document", {
  fileId: uuid("File id"),
  kind: optional(code("Document kind", DOCUMENT_KINDS, { unknown: "Unknown document kind" })),
  side: optional(z.enum(["front", "back"], { error: "Use front or back" })),
  name: optionalText("Document name"),
}).transform(compact);

/**
 * One verification in any generation: `documents` (current and historic PUT) or a single top-level `fileId`
 * (2026-04 to 05); both become `documents`. `personScoped` kinds need a `personId`.
 */
function verificationItem<T extends CodeTable>(
  table: T,
  personId: z.ZodType<string | undefined>,
  personScoped: readonly string[],
) {
  return object("Verification", {
    kind: code("Verification kind", table, { unknown: "Unknown verification kind" }),
    personId,
    documents: optional(list("Documents", documentSchema)),
    fileId: optional(uuid("File id")),
  })
    .superRefine((item, ctx) => {
      if ((item.documents?.length ?? 0) === 0 && item.fileId === undefined) {
        ctx.addIssue({ code: "custom", path: ["documents"], message: "Attach at least one document" });
      }
      if (personScoped.includes(item.kind) && item.personId === undefined) {
        ctx.addIssue({ code: "custom", path: ["personId"], message: "Person id is missing" });
      }
    })
    .transform(({ kind, personId, documents = [], fileId }) => {
      const listed = fileId === undefined || documents.some((d) => d.fileId === fileId);
      return compact({ kind, personId, documents: listed ? documents : [...documents, { fileId }] });
    });
}

function verificationList<T extends z.ZodType>(item: T) {
  return list("Verifications", item)
    .min(1, "Submit at least one verification")
    .superRefine(
      (items, ctx) => {
        // Runs even when some items failed (those may still hold raw input), so duplicates are reported with them.
        const seen = new Set<string>();
        items.forEach((value: unknown, index) => {
          if (typeof value !== "object" || value === null) return;
          const { kind, personId } = value as { kind?: unknown; personId?: unknown };
          if (typeof kind !== "string") return;
          const key = `${kind}/${typeof personId === "string" ? personId : ""}`;
          if (seen.has(key)) {
            ctx.addIssue({ code: "custom", path: [index, "kind"], message: `${quote(kind)} is submitted twice` });
          }
          seen.add(key);
        });
      },
      { when: (payload) => Array.isArray(payload.value) },
    );
}

const personalVerificationsSchema = verificationList(
  // A personal verification is about the profile's own person: a personId is ignored.
  verificationItem(
    PERSONAL_VERIFICATION_TABLE,
    z
      .unknown()
      .transform(() => undefined)
      .optional(),
    [],
  ),
);
const corporateVerificationsSchema = verificationList(
  verificationItem(CORPORATE_VERIFICATION_TABLE, optional(uuid("Person id")), PERSON_SCOPED),
);

export type PersonalVerification = z.output<typeof personalVerificationsSchema>[number];
export type CorporateVerification = z.output<typeof corporateVerificationsSchema>[number];

export const verificationsBodySchema = eitherKind(personalVerificationsSchema, corporateVerificationsSchema).transform(
  (body) =>
    body.kind === "personal"
      ? { kind: body.kind, verifications: body.value }
      : { kind: body.kind, verifications: body.value },
);
export type VerificationsBody = z.output<typeof verificationsBodySchema>;

/** Every file a submission refers to, once each, in order (to check they exist and belong to the caller). */
export function fileIdsOf(verifications: Verification[]): string[] {
  return [...new Set(verifications.flatMap((v) => v.documents.map((d) => d.fileId)))];
}
