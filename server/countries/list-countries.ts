import { db } from "../db/client.ts";
import type { CountryList } from "./countries.responses.ts";

// By name as an English reader expects (Åland Islands beside Albania), the same on every database's collation.
const byName = new Intl.Collator("en", { sensitivity: "base" });

/** `GET /countries`: every country with its tiers, by name, and how many (public, as the reference's). */
export async function listCountries(): Promise<CountryList> {
  const prisma = await db();
  const countries = await prisma.country.findMany({
    select: { name: true, code: true, nationality: true, residency: true },
    orderBy: { code: "asc" },
  });
  countries.sort((a, b) => byName.compare(a.name, b.name) || (a.code < b.code ? -1 : 1));
  return { countries, total: countries.length };
}
