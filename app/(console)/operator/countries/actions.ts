"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { setCountryRiskSchema } from "@/server/countries/countries.schemas";
import type { CountryView } from "@/server/countries/countries.responses";
import { setCountryRisk } from "@/server/countries/set-country-risk";
import { validate } from "@/server/validate";
import { asOperator, type OperatorResult } from "../as-operator";

const countryCode = z.string().max(2, "Choose a country");

/** Change a country's tiers, as the signed-in admin (audited); the page and GET /countries show it at once. */
export async function setCountryRiskAction(code: unknown, input: unknown): Promise<OperatorResult<CountryView>> {
  return asOperator("admin", setCountryRiskSchema, input, async (actor, change) => {
    const country = await setCountryRisk({ code: validate(countryCode, code, "code"), change, actor });
    revalidatePath("/operator/countries");
    return country;
  });
}
