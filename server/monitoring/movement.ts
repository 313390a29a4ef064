/*
 * What monitoring looks at: a movement of money across the issuer's boundary. A credit (an incoming payment,
 * minted as an issue order) is money in; a redeem order that was not rejected is money out. Issue orders without a
 * credit (a cross-chain issue, a re-issue) move no money from outside and are not movements.
 */

export type MovementKind = "credit" | "order";
export type MovementRef = { kind: MovementKind; id: string };

export type Movement = MovementRef & {
  profileId: string;
  direction: "in" | "out";
  amountMinor: bigint;
  currency: string;
  /** When the credit was received, or the redeem order placed. */
  at: Date;
  /** The country of the debtor's IBAN (credit) or the counterpart's IBAN (redeem), when there is one. */
  ibanCountry: string | null;
};

/** What the rules need to know about the movement's profile. */
export type ProfileFacts = {
  /** When the profile was approved (its last KYC section decided); null if it never was. */
  approvedAt: Date | null;
};

export type Alert = {
  /** Stable: one rule alerts once on one movement. */
  alertKey: string;
  ruleKey: string;
  profileId: string;
  subject: MovementRef;
  /** Decimal string, the money module's format. */
  amount: string;
  currency: string;
  explanation: string;
  window: { from: string; until: string };
  /** The other movements the rule counted, as `<kind>:<id>`. */
  related: string[];
};

export const refOf = (m: MovementRef) => `${m.kind}:${m.id}`;

/**
 * Order of movements: by time, then by kind and id (as `refOf` spells them, compared by code unit), so "before" is
 * the same in every run. A bank file's credits share their booking time, so the tie is the common case: it is
 * compared without building strings or asking the locale.
 */
export function compareMovements(a: Movement, b: Movement): number {
  const byTime = a.at.getTime() - b.at.getTime();
  if (byTime !== 0) return byTime;
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The country code an IBAN begins with (upper case), or null if it does not look like an IBAN. */
export function ibanCountryOf(iban: unknown): string | null {
  if (typeof iban !== "string") return null;
  const code = iban.trim().slice(0, 2).toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : null;
}
