// GET /countries — every country with its risk tiers for nationality and residency (public, as the reference's)
import { withPublic } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { countryListResponse } from "@/server/countries/countries.responses.ts";
import { listCountries } from "@/server/countries/list-countries.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  { GET: withPublic({ responses: { 200: countryListResponse } }, () => listCountries()) },
  { cors: true },
);
