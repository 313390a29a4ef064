import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { Caller } from "../oauth/caller.ts";
import { profileForCaller } from "../profiles/profile-access.ts";
import { requestedChain } from "./iban-access.ts";
import { ibanView, isProvisioned } from "./iban-view.ts";
import type { IbanList } from "./iban.responses.ts";
import { HAS_NUMBER, withIbanOpened } from "./iban-number.ts";

/**
 * `GET /ibans?profile=&chain=` (SPEC endpoint 17): the provisioned IBANs of one profile (the caller's own by
 * default), optionally only those routed to `chain`. A requested IBAN appears once it has its number.
 */
export async function listIbans(options: {
  caller: Caller;
  profile?: string;
  chain?: string;
  config: Config;
}): Promise<IbanList> {
  const { caller, config } = options;
  const chain = options.chain === undefined ? undefined : requestedChain(options.chain, config.environment).name;
  const profile = await profileForCaller(caller, options.profile, "read");
  const prisma = await db();
  const rows = await prisma.iban.findMany({
    where: { profileId: profile.id, chain, ...HAS_NUMBER },
    orderBy: { provisionedAt: "asc" },
  });
  return {
    ibans: rows
      .map(withIbanOpened)
      .filter(isProvisioned)
      .map((row) => ibanView(row, profile.name)),
  };
}
