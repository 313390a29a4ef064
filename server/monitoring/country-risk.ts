import { AppError } from "../errors.ts";
import type { HighRiskCheck } from "./rule-engine.ts";

/**
 * The country tiers the routes judge IBAN countries by. The tiers are the countries area's (`server/countries/`,
 * `isHighRisk(code, "residency")`); until it is wired here, a run that needs them is refused rather than run as if
 * no country were high risk. Only the high-risk-country rule asks.
 */
export const countryRisk: HighRiskCheck = () =>
  Promise.reject(
    new AppError("UNAVAILABLE", "The country risk tiers are not available: the high-risk-country rule cannot run"),
  );
