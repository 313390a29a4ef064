import type { Prisma } from "../generated/prisma/client.ts";
import type { ScreenNameQuery } from "./match/screening-index.ts";

/** Who a profile's screening looks at: the person, or the company and the people who run and own it. */
export const SUBJECT_KINDS = ["person", "company", "representative", "director", "beneficiary"] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number] | "counterpart" | "debtor" | "address";

export type ScreeningSubject = { kind: SubjectKind; query: ScreenNameQuery };

type Person = {
  firstName?: string;
  lastName?: string;
  birthday?: string;
  nationality?: string;
  country?: string;
};

/** A person's nationality and country of residence, once each (often the same one). */
const countriesOf = (p: { nationality?: string; country?: string }) => [
  ...new Set([p.nationality, p.country].filter((c): c is string => typeof c === "string" && c.length === 2)),
];

function personQuery(p: Person): ScreenNameQuery | undefined {
  const name = [p.firstName, p.lastName].filter(Boolean).join(" ").trim();
  if (!name) return undefined;
  return { name, kind: "person", birthDate: p.birthday, countries: countriesOf(p) };
}

/**
 * The subjects of a profile's KYC details as submitted (`ProfileSubmission.data` of the details section): a personal
 * profile's person; a corporate profile's company, each representative, director and final beneficiary.
 */
export function profileSubjects(
  kind: "personal" | "corporate",
  details: Prisma.JsonValue | undefined,
): ScreeningSubject[] {
  if (!details || typeof details !== "object" || Array.isArray(details)) return [];
  const subjects: ScreeningSubject[] = [];
  const add = (subjectKind: SubjectKind, query: ScreenNameQuery | undefined) => {
    if (query) subjects.push({ kind: subjectKind, query });
  };
  if (kind === "personal") {
    add("person", personQuery(details));
    return subjects;
  }
  const company = details as {
    name?: string;
    country?: string;
    representatives?: Person[];
    directors?: Person[];
    finalBeneficiaries?: Person[];
  };
  if (company.name) {
    add("company", { name: company.name, kind: "entity", countries: countriesOf({ country: company.country }) });
  }
  for (const p of company.representatives ?? []) add("representative", personQuery(p));
  for (const p of company.directors ?? []) add("director", personQuery(p));
  for (const p of company.finalBeneficiaries ?? []) add("beneficiary", personQuery(p));
  return subjects;
}
