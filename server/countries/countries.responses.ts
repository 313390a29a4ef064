import { z } from "zod";
import { countryRiskTier } from "./countries.schemas.ts";

/** One country with its risk tiers, as the reference's `GET /countries` gives it. */
export const countryResponse = z
  .object({
    name: z.string().meta({ description: "Name of the country (English)", example: "France" }),
    code: z.string().meta({ description: "Two-letter country code ISO 3166-1 alpha-2", example: "FR" }),
    nationality: countryRiskTier.meta({ description: "Risk category for nationality" }),
    residency: countryRiskTier.meta({ description: "Risk category for residency" }),
  })
  .meta({ id: "Country" });
export type CountryView = z.infer<typeof countryResponse>;

/** `GET /countries`: every country, and how many. */
export const countryListResponse = z
  .object({ countries: z.array(countryResponse), total: z.number().int().min(0) })
  .meta({ id: "CountryList" });
export type CountryList = z.infer<typeof countryListResponse>;

/** The refusals of an admin's change of a country's tiers. */
export const SET_COUNTRY_RISK_REFUSALS = { 404: "No country has this code" };
