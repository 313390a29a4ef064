import { z } from "zod";
import { tooLong } from "../limits.ts";

/** The risk tiers of `GET /countries` (CONTRACT §2), lowest first. */
export const COUNTRY_RISK_TIERS = ["low", "medium", "high", "restricted", "prohibited"] as const;
export type CountryRiskTier = (typeof COUNTRY_RISK_TIERS)[number];

/** Whose country a tier is about: a person's nationality, or where they (or a counterpart) live. */
export const COUNTRY_RISK_KINDS = ["nationality", "residency"] as const;
export type CountryRiskKind = (typeof COUNTRY_RISK_KINDS)[number];

export const countryRiskTier = z.enum(COUNTRY_RISK_TIERS, `Known tiers: ${COUNTRY_RISK_TIERS.join(", ")}`);

/** An admin's change of a country's tiers (`PATCH /admin/countries/{code}`, the console's form): why is required. */
export const setCountryRiskSchema = z
  .object({
    nationality: countryRiskTier.optional(),
    residency: countryRiskTier.optional(),
    reason: z.string().trim().min(1, "Give a reason").max(500, tooLong(500)),
  })
  .refine((change) => change.nationality !== undefined || change.residency !== undefined, {
    path: ["nationality"],
    message: "Give a tier for nationality, residency or both",
  });
export type SetCountryRisk = z.infer<typeof setCountryRiskSchema>;
