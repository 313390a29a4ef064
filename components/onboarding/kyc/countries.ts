import { isCountryCode } from "@/server/profiles/kyc.schemas";
import type { Option } from "./inputs";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Every ISO 3166-1 alpha-2 country the API accepts, named in English and sorted by name (for the page to pass on). */
export function countryOptions(): Option[] {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  const codes = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b)).filter(isCountryCode);
  return codes
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((x, y) => x.label.localeCompare(y.label, "en"));
}
