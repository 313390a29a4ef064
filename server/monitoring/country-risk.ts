import { isHighRisk } from "../countries/country-risk.ts";
import type { HighRiskCheck } from "./rule-engine.ts";

/**
 * The country tiers the routes judge IBAN countries by: the countries area's residency tier (high, restricted and
 * prohibited count), the same tiers `GET /countries` serves. Only the high-risk-country rule asks.
 */
export const countryRisk: HighRiskCheck = (code) => isHighRisk(code, "residency");
