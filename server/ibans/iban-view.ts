import { electronicFormatIBAN, friendlyFormatIBAN } from "ibantools";
import type { IbanState } from "../generated/prisma/enums.ts";
import type { IbanView } from "./iban.responses.ts";

export type { IbanView };

/** A stored IBAN with its number and BIC: provisioned (a requested one has neither yet). */
export type ProvisionedIban = {
  iban: string;
  bic: string;
  profileId: string;
  address: string;
  chain: string;
  state: IbanState;
  emailNotifications: boolean;
};

export function isProvisioned<T extends { iban: string | null; bic: string | null }>(
  row: T,
): row is T & { iban: string; bic: string } {
  return row.iban !== null && row.bic !== null;
}

/**
 * The IBAN object (`iban.responses.ts`). `iban` is shown in groups of four, as the reference service sends it; it is
 * stored and matched without spaces.
 */
export function ibanView(row: ProvisionedIban, profileName: string): IbanView {
  return {
    iban: friendlyFormatIBAN(row.iban) ?? row.iban,
    name: profileName,
    bic: row.bic,
    profile: row.profileId,
    address: row.address,
    chain: row.chain,
    state: row.state,
    emailNotifications: row.emailNotifications,
  };
}

const ELECTRONIC = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/;

/**
 * An IBAN as a client may write it in a path: with or without spaces (also `+` or still percent-encoded), in any
 * case. The stored form, or undefined when it cannot be an IBAN (a lookup that can only miss).
 */
export function ibanKey(written: string): string | undefined {
  let text = written;
  if (text.includes("%")) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return undefined;
    }
  }
  const key = electronicFormatIBAN(text.replace(/\+/g, " "))?.toUpperCase();
  return key && ELECTRONIC.test(key) ? key : undefined;
}
