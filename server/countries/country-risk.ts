import { db, type DbOrTx } from "../db/client.ts";
import type { CountryRiskKind, CountryRiskTier } from "./countries.schemas.ts";
import type { CountryView } from "./countries.responses.ts";

/**
 * The tiers other areas act on (KYC's enhanced due diligence, monitoring's high-risk-country rule, screening's
 * country factor): high, restricted and prohibited all ask for a closer look; only the operator's table says which
 * country has which tier, so a change in the console applies everywhere at once.
 */
export const HIGH_RISK_TIERS: readonly CountryRiskTier[] = ["high", "restricted", "prohibited"];

export function isHighRiskTier(tier: CountryRiskTier): boolean {
  return HIGH_RISK_TIERS.includes(tier);
}

/** A country code as people write it (`fr`, ` FR `), or null when it cannot be one. */
export function normalCountryCode(code: string): string | null {
  const upper = code.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(upper) ? upper : null;
}

/** One country's tiers, or null for a code the table does not hold. */
export async function countryRisk(code: string, options: { tx?: DbOrTx } = {}): Promise<CountryView | null> {
  const normal = normalCountryCode(code);
  if (!normal) return null;
  const prisma = options.tx ?? (await db());
  return prisma.country.findUnique({
    where: { code: normal },
    select: { name: true, code: true, nationality: true, residency: true },
  });
}

/**
 * Whether a person of this nationality, or living in this country, is high risk. A code the table does not hold
 * (none, or not a country) is not: the KYC schemas only accept codes the table holds (its test checks both agree),
 * and what a counterpart leaves out cannot be judged here.
 */
export async function isHighRisk(code: string, kind: CountryRiskKind, options: { tx?: DbOrTx } = {}): Promise<boolean> {
  const country = await countryRisk(code, options);
  return country !== null && isHighRiskTier(country[kind]);
}

/** Every country's tiers by code, for a use case judging many rows at once (a monitoring run). */
export async function countryTiers(
  options: { tx?: DbOrTx } = {},
): Promise<Map<string, { nationality: CountryRiskTier; residency: CountryRiskTier }>> {
  const prisma = options.tx ?? (await db());
  const rows = await prisma.country.findMany({ select: { code: true, nationality: true, residency: true } });
  return new Map(rows.map(({ code, ...tiers }) => [code, tiers]));
}
