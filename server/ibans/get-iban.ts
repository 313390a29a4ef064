import type { Caller } from "../oauth/caller.ts";
import { ibanForCaller } from "./iban-access.ts";
import { ibanView, type IbanView } from "./iban-view.ts";

/** `GET /ibans/{iban}` (SPEC endpoint 18): the IBAN written with or without spaces, in any case. */
export async function getIban(options: { caller: Caller; iban: string }): Promise<IbanView> {
  const found = await ibanForCaller(options.caller, options.iban, "read");
  return ibanView(found, found.profile.name);
}
