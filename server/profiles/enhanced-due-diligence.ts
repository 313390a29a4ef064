import { countryRisk, isHighRiskTier } from "../countries/country-risk.ts";
import { db, type DbOrTx } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { openValue } from "../keys/sealed-value.ts";
import { SUBMISSION_DATA } from "./submission-data.ts";

/*
 * Enhanced due diligence in the personal questionnaire (issue 32): a person whose nationality or country of residence
 * has a high-risk tier (high, restricted, prohibited; the operator's country table) must answer three more questions
 * in the form: where the money comes from, where their wealth comes from, and what the relationship is for. For
 * everyone else the answers are optional, so the spec's form body stays valid as it is.
 */

export const EDD_FIELD = "personal.enhancedDueDiligence";

/** Why this profile's person needs the answers (e.g. "Iran (nationality)"), from their submitted details; or none. */
export async function eddCountries(tx: DbOrTx, profileId: string): Promise<string[]> {
  const details = await tx.profileSubmission.findUnique({
    where: { profileId_section_kind: { profileId, section: "details", kind: "" } },
    select: { data: true },
  });
  const data =
    openValue<{ nationality?: unknown; country?: unknown; representatives?: unknown } | undefined>(
      details?.data,
      SUBMISSION_DATA,
    ) ?? {};
  // Corporate details name the company's country but no nationality; the person-level questions are for people.
  if (data.representatives !== undefined) return [];
  const found: string[] = [];
  for (const [kind, code] of [
    ["nationality", data.nationality],
    ["residency", data.country],
  ] as const) {
    if (typeof code !== "string") continue;
    const country = await countryRisk(code, { tx });
    if (country && isHighRiskTier(country[kind])) found.push(`${country.name} (${kind})`);
  }
  return found;
}

/** The same, for the onboarding screen that asks the questions only of those who must answer them. */
export async function eddCountriesOf(profileId: string): Promise<string[]> {
  return eddCountries(await db(), profileId);
}

/** Whether a stored or submitted personal form carries the three answers. */
export function hasEddAnswers(form: unknown): boolean {
  const edd = (form as { enhancedDueDiligence?: Record<string, unknown> } | null)?.enhancedDueDiligence;
  return (
    typeof edd === "object" &&
    edd !== null &&
    ["sourceOfFunds", "sourceOfWealth", "purposeOfRelationship"].every(
      (key) => typeof edd[key] === "string" && edd[key] !== "",
    )
  );
}

/**
 * Refuses a personal form without the answers when the person's details make them high risk (400, naming the
 * field and the countries). The details come first in every flow (the screens', the SDK's); a form already pending
 * when details that need the answers arrive is held at approval instead (`requireEddForApproval`).
 */
export async function requireEddAnswers(tx: DbOrTx, profileId: string, form: unknown): Promise<void> {
  if (hasEddAnswers(form)) return;
  const countries = await eddCountries(tx, profileId);
  if (countries.length === 0) return;
  throw new AppError("VALIDATION", "Validation errors", {
    [EDD_FIELD]: `Enhanced due diligence is required for ${countries.join(", ")}: answer sourceOfFunds, sourceOfWealth and purposeOfRelationship`,
  });
}

/** An operator cannot approve a high-risk person's form (or whole profile) while the answers are missing (409). */
export async function requireEddForApproval(tx: DbOrTx, profileId: string): Promise<void> {
  const form = await tx.profileSubmission.findUnique({
    where: { profileId_section_kind: { profileId, section: "form", kind: "" } },
    select: { data: true },
  });
  if (!form || hasEddAnswers(openValue(form.data, SUBMISSION_DATA))) return;
  const countries = await eddCountries(tx, profileId);
  if (countries.length === 0) return;
  throw new AppError(
    "CONFLICT",
    `Enhanced due diligence answers are missing (${countries.join(", ")}): the form must be submitted again with them`,
  );
}
