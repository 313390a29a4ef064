import { resolveChain, type ChainInfo } from "../chains/registry.ts";
import type { Environment } from "../environment.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { accessibleProfiles, type AccessibleProfile, type Perm } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";
import { ibanKey, isProvisioned, type ProvisionedIban } from "./iban-view.ts";
import { quote } from "../limits.ts";
import { whereIbanNumber, withIbanOpened } from "./iban-number.ts";

/** The chain a request names, as this environment reads it (production names mean their testnets in sandbox). */
export function requestedChain(name: string, environment: Environment): ChainInfo {
  const chain = resolveChain(name, environment);
  if (!chain)
    throw new AppError("VALIDATION", "Unknown chain", { chain: `${quote(name)} is not a chain of this environment` });
  return chain;
}

export type IbanWithProfile = ProvisionedIban & { id: string; addressKey: string; profile: AccessibleProfile };

/**
 * A provisioned IBAN of a profile the caller may access, by the IBAN as written. Another owner's IBAN and anything
 * that is not an IBAN are not found (the query only looks among the caller's profiles); one the caller may read
 * but not change is 403 when `perm` is `write`.
 */
export async function ibanForCaller(caller: Caller, written: string, perm: Perm): Promise<IbanWithProfile> {
  const key = ibanKey(written);
  const profiles = (await accessibleProfiles(caller)).filter((p) => p.perms.includes("read"));
  const prisma = await db();
  const found = key
    ? await prisma.iban.findFirst({ where: { ...whereIbanNumber(key), profileId: { in: profiles.map((p) => p.id) } } })
    : null;
  const row = found && withIbanOpened(found);
  const profile = row && profiles.find((p) => p.id === row.profileId);
  if (!row || !profile || !isProvisioned(row)) throw new AppError("NOT_FOUND", "IBAN not found");
  if (!profile.perms.includes(perm)) throw new AppError("FORBIDDEN", `No ${perm} permission on this IBAN's profile`);
  return { ...row, profile };
}
